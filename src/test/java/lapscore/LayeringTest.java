package lapscore;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The floors of {@code docs/how-it-works.md} ("Layers"), checked on the compiled classes of
 * {@code src/main}: each floor uses only the floors below it, the library (from {@code selection}
 * down) nothing of the tools ({@code job}, {@code bench}, {@code evaluation}, {@code terminal}), and no
 * two packages use each other, however indirectly.
 */
@AnalyzeClasses(packages = "lapscore", importOptions = LayeringTest.MainClassesOnly.class)
class LayeringTest {

    /**
     * Keeps only {@code src/main}'s classes. ArchUnit's {@code DoNotIncludeTests} knows
     * {@code target/test-classes} only; the Spark 3.5 build writes its tests to
     * {@code target/spark35/test-classes}.
     */
    static final class MainClassesOnly implements ImportOption {
        @Override
        public boolean includes(Location location) {
            return !location.contains("/test-classes/");
        }
    }

    @ArchTest
    static final ArchRule FLOORS = layeredArchitecture().consideringOnlyDependenciesInLayers()
            .layer("job").definedBy("lapscore.job..")
            .layer("tools").definedBy("lapscore.bench..", "lapscore.evaluation..")
            .layer("terminal").definedBy("lapscore.terminal..")
            .layer("selection").definedBy("lapscore.selection..")
            .layer("scoring").definedBy("lapscore.scoring..")
            .layer("graph").definedBy("lapscore.graph..")
            .layer("data").definedBy("lapscore.data..")
            .layer("progress").definedBy("lapscore.progress..")
            .layer("ground").definedBy("lapscore")
            .whereLayer("job").mayNotBeAccessedByAnyLayer()
            .whereLayer("tools").mayOnlyBeAccessedByLayers("job")
            .whereLayer("terminal").mayOnlyBeAccessedByLayers("job", "tools")
            .whereLayer("selection").mayOnlyBeAccessedByLayers("job", "tools")
            .whereLayer("scoring").mayOnlyBeAccessedByLayers("selection", "job", "tools")
            .whereLayer("graph").mayOnlyBeAccessedByLayers("scoring", "selection", "job", "tools")
            .whereLayer("data").mayOnlyBeAccessedByLayers("graph", "scoring", "selection", "job", "tools")
            .whereLayer("progress").mayOnlyBeAccessedByLayers("data", "graph", "scoring", "selection", "terminal", "job", "tools")
            .whereLayer("ground").mayOnlyBeAccessedByLayers("progress", "data", "graph", "scoring", "selection", "terminal", "job",
                    "tools");

    /** Inside the public API: the registry lists the estimators, which stand on their template, which reads the params. */
    @ArchTest
    static final ArchRule SELECTION_FLOORS = layeredArchitecture().consideringOnlyDependenciesInLayers()
            .layer("registry").definedBy("lapscore.selection.registry..")
            .layer("estimators").definedBy("lapscore.selection")
            .layer("template").definedBy("lapscore.selection.base..")
            .layer("params").definedBy("lapscore.selection.params..", "lapscore.selection.redundancy..")
            .whereLayer("registry").mayNotBeAccessedByAnyLayer()
            .whereLayer("estimators").mayOnlyBeAccessedByLayers("registry")
            .whereLayer("template").mayOnlyBeAccessedByLayers("registry", "estimators")
            .whereLayer("params").mayOnlyBeAccessedByLayers("registry", "estimators", "template");

    @ArchTest
    static final ArchRule NO_CYCLES = slices().matching("lapscore.(**)").should().beFreeOfCycles();
}
