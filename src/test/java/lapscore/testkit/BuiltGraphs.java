package lapscore.testkit;

import lapscore.ParamOption;
import lapscore.graph.GraphBuilder;
import lapscore.graph.WeightedGraph;
import lapscore.graph.distance.DistanceMeasure;
import lapscore.graph.edges.WeightKernel;
import lapscore.graph.spec.GraphSettings;
import lapscore.graph.spec.GraphSpec;
import lapscore.progress.StageTimer;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/** Graphs of the test frames built through the public entry point {@link GraphBuilder}, without a selector. */
public final class BuiltGraphs {

    private BuiltGraphs() {
    }

    /** The shared settings from the param values of the selectors ("euclidean", "heat", ...). */
    public static GraphSettings settings(String measure, String kernel, double bandwidth, boolean selfLoops, int blockSize) {
        return new GraphSettings(ParamOption.parse(DistanceMeasure.class, measure), ParamOption.parse(WeightKernel.class, kernel),
                bandwidth, selfLoops, blockSize);
    }

    /** The graph of the {@code features} column of {@code frame} (labels from {@link LabeledFrames#LABEL} when the spec needs them). */
    public static WeightedGraph of(Dataset<Row> frame, GraphSpec spec) {
        return GraphBuilder.build(frame, "features", LabeledFrames.LABEL, spec,
                new StageTimer(frame.sparkSession().sparkContext(), "BuiltGraphs: "));
    }
}
