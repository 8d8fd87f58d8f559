package lapscore.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** What a benchmark ran on, said the way a user compares machines: the processor and its cores. */
public final class Machine {

    private static final Path CPU_INFO = Path.of("/proc/cpuinfo");

    private Machine() {
    }

    /**
     * The processor's model name (from {@code /proc/cpuinfo} on Linux, else the JVM's architecture)
     * and the cores the JVM sees, e.g. {@code AMD EPYC 7B13, 2 cores}.
     */
    public static String processor() {
        String model = System.getProperty("os.arch");
        try {
            if (Files.isReadable(CPU_INFO)) {
                model = Files.readAllLines(CPU_INFO).stream()
                        .filter(line -> line.startsWith("model name"))
                        .map(line -> line.substring(line.indexOf(':') + 1).strip())
                        .findFirst().orElse(model);
            }
        } catch (IOException unreadable) {
            model = System.getProperty("os.arch");
        }
        return String.format(Locale.ROOT, "%s, %d cores", model, Runtime.getRuntime().availableProcessors());
    }
}
