package lapscore.graph.spec;

import java.util.Locale;
import java.util.Optional;

import lapscore.data.blocks.PreparedRows;
import lapscore.graph.edges.RadiusEdges;
import lapscore.graph.search.KnnMethod;
import lapscore.graph.search.SearchInput;
import lapscore.progress.Stage;
import lapscore.progress.StageTimer;
import lapscore.progress.StepNames;

/**
 * The epsilon graph ({@code graphType = "epsilon"}): {i, j} is an edge when
 * {@code ||x_i - x_j|| <= radius} in the space of the distance measure (the epsilon-neighbourhood
 * graph of spectral methods, see von Luxburg, "A tutorial on spectral clustering", Statistics and
 * Computing 17(4), 2007, section 2.2), weighted by the kernel of its settings. Always found by the
 * exact join, O(m^2 d), with the radius as its filter, after the edge count has been estimated from a
 * sample of rows and refused above {@code maxEdges}.
 *
 * @param radius   the largest distance of an edge, in the units of the user's data; NaN when unset,
 *                 which {@link #check()} refuses
 * @param maxEdges the largest edge count allowed, checked on a sample first
 * @param seed     the seed of the sample that estimates the edge count
 * @param settings distance, weighting and block layout
 */
public record EpsilonGraph(double radius, long maxEdges, long seed, GraphSettings settings) implements GraphSpec {

    @Override
    public String graphType() {
        return GraphType.EPSILON.paramValue();
    }

    @Override
    public String title() {
        return "Epsilon graph";
    }

    /** Refuses an unset radius: there is no default. */
    @Override
    public void check() {
        if (Double.isNaN(radius)) {
            throw new IllegalArgumentException("graphType = epsilon needs radius to be set");
        }
    }

    /** 0: the epsilon graph reads no {@code numNeighbors}. */
    @Override
    public int numNeighbours() {
        return 0;
    }

    @Override
    public boolean usesRadius() {
        return true;
    }

    /**
     * Estimates the edge count from a sample of rows ({@link RadiusEdges#estimateEdges}) and refuses
     * more than {@code maxEdges}; then joins every pair within the radius ({@link RadiusEdges#find}).
     */
    @Override
    public FoundEdges findEdges(PreparedRows rows, double[] centre, StageTimer timer) {
        double scaledRadius = rows.scale().distanceToScaled(radius);
        SearchInput input = SearchInput.of(rows, settings.measure(), centre, settings.weighsByCosine());
        double estimate = timer.run(Stage.GRAPH, StepNames.EPSILON_ESTIMATE + " " + radius
                + " of sampled rows", () -> RadiusEdges.estimateEdges(input, scaledRadius, seed));
        if (estimate > maxEdges) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "radius %s would join about %.3g pairs of rows"
                    + " (estimated from a sample), more than maxEdges = %d; choose a smaller radius or raise maxEdges",
                    radius, estimate, maxEdges));
        }
        return new FoundEdges(RadiusEdges.find(input, scaledRadius, settings.includeSelfLoops()), null, KnnMethod.EXACT,
                Double.NaN);
    }

    @Override
    public String joiningParam() {
        return "radius";
    }

    @Override
    public String noEdgeReason() {
        return "radius " + radius + " joins no pair of rows; choose a larger radius";
    }

    @Override
    public String copiesNote() {
        return "every row within radius " + radius + " of such a row is a copy of it";
    }

    /** The estimate from a sample can fall short of the count: a graph above {@code maxEdges} is kept, with a warning. */
    @Override
    public Optional<String> edgeCountWarning(long edges) {
        return edges <= maxEdges ? Optional.empty() : Optional.of(String.format(Locale.ROOT, "radius %s joined %d pairs of rows,"
                + " more than maxEdges = %d (the estimate from a sample was lower)", radius, edges, maxEdges));
    }

    @Override
    public IsolatedRowsNote isolatedRowsNote() {
        return new IsolatedRowsNote(" at radius " + radius, "; choose a larger radius to join more of them");
    }
}
