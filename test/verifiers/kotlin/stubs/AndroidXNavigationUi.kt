// STUB (see AndroidX.kt for what and why): androidx.navigation.ui.
@file:Suppress("unused", "UNUSED_PARAMETER")

package androidx.navigation.ui

import androidx.appcompat.app.AppCompatActivity
import androidx.navigation.NavController

public fun AppCompatActivity.setupActionBarWithNavController(navController: NavController) {}
