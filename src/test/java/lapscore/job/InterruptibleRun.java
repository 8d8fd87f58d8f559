package lapscore.job;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

import lapscore.job.outputs.StagedOutputs;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.util.ShutdownHookManager;
import org.slf4j.LoggerFactory;

/**
 * {@code lapscore} in a JVM of its own, for {@link InterruptedRunTest}. With the system property
 * {@code lapscore.test.pausedFile}, the run stops just before its first output is renamed into
 * place (the output is then complete, under its hidden name), creates that file and waits there
 * until the JVM is stopped. As Spark's own shutdown hooks do while they stop it, a hook that runs
 * after the job's logs a warning and prints to {@code System.err}: neither may follow the
 * interruption line.
 */
final class InterruptibleRun {

    private InterruptibleRun() {
    }

    public static void main(String[] args) {
        ShutdownHookManager.get().addShutdownHook(() -> {
            LoggerFactory.getLogger(InterruptibleRun.class).warn("a shutdown hook after the job's logs this");
            System.err.println("and prints this");
        }, FileSystem.SHUTDOWN_HOOK_PRIORITY + 30);
        String paused = System.getProperty("lapscore.test.pausedFile");
        if (paused != null) {
            StagedOutputs.addBeforePublishListener(target -> {
                try {
                    Files.writeString(Path.of(paused), target.toString());
                    new CountDownLatch(1).await();
                } catch (Exception stopped) {
                    throw new IllegalStateException(stopped);
                }
            });
        }
        LapScoreJob.main(args);
    }
}
