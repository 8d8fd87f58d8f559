package lapscore.progress;

/**
 * Told each time a {@link StageTimer} finishes a step of a stage, e.g. to print progress on a
 * command line. Registered with {@link StageTimer#addListener}.
 */
@FunctionalInterface
public interface StageListener {

    /** The step {@code description} of {@code stage} (a {@link Stage} name) took {@code seconds}. */
    void stepFinished(String stage, String description, double seconds);
}
