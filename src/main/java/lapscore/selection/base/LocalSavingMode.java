package lapscore.selection.base;

import java.lang.reflect.InvocationTargetException;
import java.util.Optional;

/**
 * Whether Spark is saving or loading a model on the driver's local disk rather than on the cluster's
 * file system. Spark Connect 4.1 offloads the models it caches that way: its {@code MLCache} calls
 * {@code MLWriter.saveToLocal}, which sets the thread-local flag
 * {@code ReadWriteUtils.localSavingModeState} around the save, and loads them back with the flag set
 * ({@code org/apache/spark/ml/util/ReadWrite.scala}). Spark's own {@code saveText} and
 * {@code loadText}, which write and read the params, follow the flag; {@link ModelPersistence}
 * follows it for the scores. Spark 3.5 has no such flag, so the flag is read by reflection and is
 * off where it does not exist.
 */
final class LocalSavingMode {

    private static final Optional<ThreadLocal<?>> FLAG = flag();

    private LocalSavingMode() {
    }

    /** Whether the current thread saves or loads on local disk. */
    static boolean isOn() {
        return FLAG.map(flag -> Boolean.TRUE.equals(flag.get())).orElse(false);
    }

    private static Optional<ThreadLocal<?>> flag() {
        try {
            Class<?> utils = Class.forName("org.apache.spark.ml.util.ReadWriteUtils$");
            Object module = utils.getField("MODULE$").get(null);
            return Optional.of((ThreadLocal<?>) utils.getMethod("localSavingModeState").invoke(module));
        } catch (ClassNotFoundException | NoSuchMethodException | NoSuchFieldException absent) {
            return Optional.empty();
        } catch (IllegalAccessException | InvocationTargetException impossible) {
            throw new IllegalStateException(impossible);
        }
    }
}
