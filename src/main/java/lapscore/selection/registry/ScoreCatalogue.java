package lapscore.selection.registry;

import java.util.List;

/**
 * Scores from outside the library: a jar (or a test class path) that lists its implementation in
 * {@code META-INF/services/lapscore.selection.registry.ScoreCatalogue} adds its scores to
 * {@link Scores#all()}, and with them to {@code lapscore fit --score} and {@code evaluate}, as Java's
 * {@link java.util.ServiceLoader} finds them.
 */
public interface ScoreCatalogue {

    /** The scores this catalogue adds, in the order they are listed. */
    List<Score> scores();
}
