package lapscore.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import lapscore.bench.StepLedger.StepWork;
import lapscore.progress.Stage;
import lapscore.progress.StageListener;
import lapscore.progress.StepNames;

/**
 * Where the time of an approximate graph went, a line per part: the trees ({@link StepNames#TREE}),
 * the NN-descent rounds ({@link StepNames#REFINEMENT}) and the rest of the graph's steps (cutting
 * the rows into blocks, the tree sample, the leaf counts, the locality cells, the names back,
 * counting the edges), so that the parts add up to the graph's time. Each part's wall time is the
 * sum of its steps' (heard as a {@link StageListener} of the fit's timer); its task time, processor time,
 * shuffle writing and waiting, garbage collection and shuffle bytes are Spark's task metrics of the
 * same steps ({@link StepLedger}). The cores' idle time is the wall time times the cores less the
 * task time: the cores that had no task (a stage's last tasks, the driver between jobs).
 */
public final class GraphBreakdown implements StageListener {

    /** The markdown header of {@link #table}. */
    static final String HEADER = "| graph step | steps | wall s | idle core s | task s | CPU s | shuffle write s | shuffle wait s | GC s | shuffle MB |\n"
            + "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|";

    private static final String TREES = "trees";
    private static final String ROUNDS = "NN-descent rounds";
    private static final String REST = "the rest (blocks, tree sample, leaf counts, cells, names back, edge count)";

    /** Per part, the descriptions of its steps, in the order they finished. */
    private final Map<String, List<String>> stepsByPart = new LinkedHashMap<>();
    private final Map<String, Double> wallByPart = new LinkedHashMap<>();

    /** An empty breakdown, its parts in the order trees, rounds, the rest. */
    public GraphBreakdown() {
        for (String part : List.of(TREES, ROUNDS, REST)) {
            stepsByPart.put(part, new ArrayList<>());
            wallByPart.put(part, 0.0);
        }
    }

    @Override
    public synchronized void stepFinished(String stage, String description, double seconds) {
        if (!stage.equals(Stage.GRAPH)) {
            return;
        }
        String part = description.startsWith(StepNames.TREE) ? TREES : description.startsWith(StepNames.REFINEMENT) ? ROUNDS : REST;
        stepsByPart.get(part).add(description);
        wallByPart.merge(part, seconds, Double::sum);
    }

    /**
     * The parts in the order trees, rounds, the rest, the work of each step looked up in
     * {@code workByStep} under {@code prefix} + its description (the job descriptions the fit's timer
     * set), once per description: the ledger files the jobs of steps of one description together.
     */
    public synchronized List<Part> parts(Map<String, StepWork> workByStep, String prefix) {
        List<Part> parts = new ArrayList<>();
        for (Map.Entry<String, List<String>> part : stepsByPart.entrySet()) {
            StepWork work = StepWork.NONE;
            for (String description : new LinkedHashSet<>(part.getValue())) {
                work = work.plus(workByStep.getOrDefault(prefix + description, StepWork.NONE));
            }
            parts.add(new Part(part.getKey(), part.getValue().size(), wallByPart.get(part.getKey()), work));
        }
        return parts;
    }

    /** {@link #parts} as a markdown table, on {@code cores} cores. */
    public String table(Map<String, StepWork> workByStep, String prefix, int cores) {
        StringBuilder table = new StringBuilder(HEADER);
        for (Part part : parts(workByStep, prefix)) {
            StepWork work = part.work();
            table.append(String.format(Locale.ROOT, "%n| %s | %d | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f | %.1f |",
                    part.name(), part.steps(), part.wallSeconds(), part.idleCoreSeconds(cores), work.taskSeconds(),
                    work.cpuSeconds(), work.shuffleWriteSeconds(), work.shuffleWaitSeconds(), work.gcSeconds(),
                    work.shuffleBytes() / 1e6));
        }
        return table.toString();
    }

    /**
     * One part of the graph's steps.
     *
     * @param name        what the part is
     * @param steps       its steps (a tree, a round)
     * @param wallSeconds the sum of its steps' wall times
     * @param work        its tasks' work
     */
    public record Part(String name, int steps, double wallSeconds, StepWork work) {

        /** The time {@code cores} cores had no task of this part: its wall time times the cores, less its task time (at least 0). */
        public double idleCoreSeconds(int cores) {
            return Math.max(0.0, wallSeconds * cores - work.taskSeconds());
        }
    }
}
