package lapscore.job;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import lapscore.selection.registry.Score;
import lapscore.selection.registry.Scores;
import lapscore.testkit.DocsSection;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/cli.md} against the command line itself: the page's fenced usage blocks are what
 * {@code lapscore --help} and {@code lapscore COMMAND --help} print, run as a user runs them. An option
 * added without its line, or whose default or text differs, fails.
 * {@code ./mvnw -q -o test -Dtest=CliReferenceTest -Dregenerate=true} rewrites the blocks instead.
 */
class CliReferenceTest {

    private static final Path PAGE = Path.of("docs/cli.md");

    @Test
    void pageShowsTheUsageEveryCommandPrints() throws Exception {
        Map<String, String> blocks = new LinkedHashMap<>();
        blocks.put("commands", fenced(help(List.of("--help"))));
        for (String command : List.of("fit", "evaluate", "generate", "bench")) {
            blocks.put(command, fenced(help(List.of(command, "--help"))));
        }
        DocsSection.check(PAGE, blocks, "./mvnw -q -o test -Dtest=CliReferenceTest -Dregenerate=true");
    }

    /**
     * What {@code lapscore args...} prints on standard output, which must exit 0, without the scores a
     * user's class path lacks: those of the test catalogue ({@link Scores#all()} beyond
     * {@link Scores#builtIn()}), whose lines and names in lists are dropped.
     */
    private static String help(List<String> args) throws Exception {
        CommandLine.Run run = CommandLine.run(args.toArray(String[]::new));
        assertEquals(0, run.status(), "lapscore " + String.join(" ", args) + ": " + run.err());
        List<String> plugIns = Scores.all().stream().filter(score -> !Scores.builtIn().contains(score)).map(Score::name).toList();
        String text = run.out().lines().filter(line -> plugIns.stream().noneMatch(name -> line.startsWith(String.format("  %-12s ", name))))
                .map(line -> line + "\n").collect(Collectors.joining());
        for (String name : plugIns) {
            text = text.replace("," + name, "");
        }
        return text;
    }

    private static String fenced(String text) {
        return "```\n" + text + (text.endsWith("\n") ? "" : "\n") + "```\n";
    }
}
