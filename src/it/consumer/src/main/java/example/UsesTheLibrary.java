package example;

import lapscore.selection.LaplacianScoreSelector;
import lapscore.selection.LaplacianScoreSelectorModel;
import org.apache.spark.ml.Pipeline;
import org.apache.spark.ml.PipelineStage;

/** Compiles only if the library's estimators are on the class path beside Spark's ML API. */
public final class UsesTheLibrary {

    private UsesTheLibrary() {
    }

    /** A pipeline with the Laplacian Score selector, as the Scala example of docs/deployment.md builds it. */
    public static Pipeline pipeline() {
        LaplacianScoreSelector selector = new LaplacianScoreSelector()
                .setFeaturesCol("features")
                .setOutputCol("selected")
                .setNumTopFeatures(2);
        return new Pipeline().setStages(new PipelineStage[] {selector});
    }

    /** The indices a fitted selector keeps. */
    public static int[] selected(LaplacianScoreSelectorModel model) {
        return model.selectedFeatures();
    }
}
