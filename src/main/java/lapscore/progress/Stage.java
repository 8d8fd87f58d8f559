package lapscore.progress;

/**
 * Names of the stages of a fit, under which {@link StageTimer} adds up wall time and the model
 * summary reports it. Kept here, below every stage, so that the code of a stage can name it
 * without depending on the class that runs the stage.
 */
public final class Stage {

    /** Name of the stage that numbers and checks the rows, for timings. */
    public static final String VALIDATION = "validation";
    /** Name of the stage that finds the neighbours, for timings. */
    public static final String GRAPH = "graph";
    /** Name of the stage that estimates the recall of an approximate graph, for timings. */
    public static final String RECALL = "recall";
    /** Name of the stage that weighs the edges, for timings. */
    public static final String WEIGHTS = "weights";
    /** Name of the scoring stage, for timings. */
    public static final String SCORES = "scores";
    /** Name of the redundancy removal stage (symmetric uncertainty), for timings. */
    public static final String REDUNDANCY = "redundancy";

    private Stage() {
    }
}
