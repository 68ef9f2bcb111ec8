// STUB (see Android.kt for what and why): android.text.
@file:Suppress("unused")

package android.text

public interface Editable : CharSequence
