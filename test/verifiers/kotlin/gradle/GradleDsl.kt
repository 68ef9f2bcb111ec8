// STUB, for the content verifier only (test/content/kotlin-blocks.test.ts); never shipped.
// What: the Gradle Kotlin DSL surface that the pages' settings.gradle.kts and build.gradle.kts
// blocks use (Gradle 8 settings and project scripts, the Android Gradle Plugin 8 `android {}`
// extension, the Kotlin plugin's `kotlin {}` extension). Why: Gradle and the Android Gradle Plugin
// are not on Maven Central. The verifier compiles each script's body as the body of a function
// with SettingsScript or ProjectScript as its receiver, so the real Kotlin compiler parses the
// script and checks its names and types against these declarations.
@file:Suppress("unused", "UNUSED_PARAMETER")

package portal.gradle.dsl

public interface Property<T> {
    public fun set(value: T)
}

public class RepositoryHandler {
    public fun google() {}
    public fun mavenCentral() {}
    public fun gradlePluginPortal() {}
    public fun mavenLocal() {}
    public fun maven(url: String) {}
}

public enum class RepositoriesMode { PREFER_PROJECT, PREFER_SETTINGS, FAIL_ON_PROJECT_REPOS }

public class PluginManagementSpec {
    public fun repositories(configure: RepositoryHandler.() -> Unit) {}
}

public class VersionCatalogBuilder {
    public fun from(dependencyNotation: Any) {}
}

public class VersionCatalogs {
    public fun create(name: String, configure: VersionCatalogBuilder.() -> Unit) {}
    public fun register(name: String, configure: VersionCatalogBuilder.() -> Unit) {}
}

public abstract class DependencyResolutionManagement {
    public abstract val repositoriesMode: Property<RepositoriesMode>
    public fun repositories(configure: RepositoryHandler.() -> Unit) {}
    public fun versionCatalogs(configure: VersionCatalogs.() -> Unit) {}
}

public class ProjectDescriptor {
    public var name: String = ""
}

/** The receiver of a settings.gradle.kts. */
public abstract class SettingsScript {
    public abstract val rootProject: ProjectDescriptor
    public fun pluginManagement(configure: PluginManagementSpec.() -> Unit) {}
    public fun dependencyResolutionManagement(configure: DependencyResolutionManagement.() -> Unit) {}
    public fun include(vararg projectPaths: String) {}
}

public class PluginDependencySpec {
    public infix fun version(version: String?): PluginDependencySpec = this
    public infix fun apply(apply: Boolean): PluginDependencySpec = this
}

public class PluginDependenciesSpec {
    public fun id(id: String): PluginDependencySpec = PluginDependencySpec()
}

public enum class JavaVersion { VERSION_1_8, VERSION_11, VERSION_17, VERSION_21 }

public class DefaultConfig {
    public var applicationId: String? = null
    public var minSdk: Int? = null
    public var targetSdk: Int? = null
    public var versionCode: Int? = null
    public var versionName: String? = null
}

public class BuildFeatures {
    public var dataBinding: Boolean? = null
    public var viewBinding: Boolean? = null
    public var buildConfig: Boolean? = null
}

public class CompileOptions {
    public var sourceCompatibility: JavaVersion = JavaVersion.VERSION_1_8
    public var targetCompatibility: JavaVersion = JavaVersion.VERSION_1_8
    public var isCoreLibraryDesugaringEnabled: Boolean = false
}

/** The Android Gradle Plugin's `android {}` for an application module. */
public class ApplicationExtension {
    public var namespace: String? = null
    public var compileSdk: Int? = null
    public fun defaultConfig(configure: DefaultConfig.() -> Unit) {}
    public fun buildFeatures(configure: BuildFeatures.() -> Unit) {}
    public fun compileOptions(configure: CompileOptions.() -> Unit) {}
}

public class KotlinAndroidProjectExtension {
    public fun jvmToolchain(languageVersion: Int) {}
}

public class DependencyHandler {
    public fun implementation(dependencyNotation: Any) {}
    public fun api(dependencyNotation: Any) {}
    public fun kapt(dependencyNotation: Any) {}
    public fun testImplementation(dependencyNotation: Any) {}
    public fun androidTestImplementation(dependencyNotation: Any) {}
    public fun coreLibraryDesugaring(dependencyNotation: Any) {}
    public fun platform(notation: Any): Any = notation
}

/** The receiver of a build.gradle.kts, with the accessors the Android and Kotlin plugins add. */
public abstract class ProjectScript {
    public fun plugins(configure: PluginDependenciesSpec.() -> Unit) {}
    public fun repositories(configure: RepositoryHandler.() -> Unit) {}
    public fun android(configure: ApplicationExtension.() -> Unit) {}
    public fun kotlin(configure: KotlinAndroidProjectExtension.() -> Unit) {}
    public fun dependencies(configure: DependencyHandler.() -> Unit) {}
}
