package lapscore.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** What a benchmark ran on, said the way a user compares machines: the processor and its cores, and the Java heap. */
public final class Machine {

    private static final Path CPU_INFO = Path.of("/proc/cpuinfo");
    /** The JVM option that sets the largest heap. */
    private static final String MAX_HEAP_OPTION = "-Xmx";

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

    /**
     * The heap this JVM may use and where that bound comes from, e.g. {@code 6.3 GB (JVM default)}
     * or {@code 3.2 GB (-Xmx3g)}: the JVM's default is a share of the machine's memory (a quarter,
     * on a server-class machine), what a user gets who sets nothing.
     */
    public static String javaHeap() {
        String set = ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(option -> option.startsWith(MAX_HEAP_OPTION))
                .reduce((first, last) -> last).orElse("JVM default");
        return String.format(Locale.ROOT, "%.1f GB (%s)", Runtime.getRuntime().maxMemory() / 1e9, set);
    }
}
