package lapscore.graph.edges;

import java.io.Serializable;

/** A {@link WeightKernel} with its bandwidth t: the function that turns an {@link Edge} into {@code S_ij}. */
public record EdgeWeighting(WeightKernel kernel, double bandwidth) implements Serializable {

    /** {@code S_ij} of {@code edge}. */
    public double weight(Edge edge) {
        return kernel.weight(edge.distance(), edge.cosine(), bandwidth);
    }
}
