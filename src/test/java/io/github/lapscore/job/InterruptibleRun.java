package io.github.lapscore.job;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

import io.github.lapscore.job.outputs.StagedOutputs;

/**
 * {@code lapscore} in a JVM of its own, for {@link InterruptedRunTest}. With the system property
 * {@code lapscore.test.pausedFile}, the run stops just before its first output is renamed into
 * place (the output is then complete, under its hidden name), creates that file and waits there
 * until the JVM is stopped.
 */
final class InterruptibleRun {

    private InterruptibleRun() {
    }

    public static void main(String[] args) {
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
