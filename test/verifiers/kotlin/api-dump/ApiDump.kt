// Prints the public API of compiled classes in the format of the Kotlin binary-compatibility
// validator's `.api` files, with the validator's own code (the same release the Pexip Android SDK
// dumps its API with), so the stand-ins' signatures compare with the SDK's dumps as they are.
// Arguments: the classes folder, then the package folder to dump (e.g. com/pexip/sdk/).
package portal.verifier.apidump

import kotlinx.validation.api.dump
import kotlinx.validation.api.filterOutNonPublic
import kotlinx.validation.api.loadApiFromJvmClasses
import java.io.File

fun main(args: Array<String>) {
    val root = File(args[0])
    val packageFolder = args[1]
    val classFiles = root.walkTopDown()
        .filter { it.isFile && it.extension == "class" && it.relativeTo(root).invariantSeparatorsPath.startsWith(packageFolder) }
        .sortedBy { it.path }
    classFiles.map { it.inputStream() }.loadApiFromJvmClasses().filterOutNonPublic().dump(System.out)
    System.out.flush()
}
