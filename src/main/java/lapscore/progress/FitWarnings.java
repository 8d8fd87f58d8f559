package lapscore.progress;

import java.util.function.Consumer;

import org.slf4j.Logger;

/**
 * Warnings about a fit's result (a score that means less than it seems, a selection that keeps
 * nothing). They are logged, unless a listener is registered on the thread that calls {@code fit}
 * (the command line, which says them in its own option and column names): then the listener
 * alone hears them. Like {@link StageTimer}'s listeners, one thread's listener never hears
 * another thread's fits.
 */
public final class FitWarnings {

    private static final ThreadLocal<Consumer<String>> LISTENER = new ThreadLocal<>();

    private FitWarnings() {
    }

    /** Hands {@code message} to this thread's listener, or logs it on {@code log} when there is none. */
    public static void warn(Logger log, String message) {
        Consumer<String> listener = LISTENER.get();
        if (listener != null) {
            listener.accept(message);
        } else {
            log.warn(message);
        }
    }

    /** From now on this thread's warnings go to {@code listener} instead of the log, until {@link #removeListener}. */
    public static void setListener(Consumer<String> listener) {
        LISTENER.set(listener);
    }

    /** This thread's warnings are logged again. */
    public static void removeListener() {
        LISTENER.remove();
    }
}
