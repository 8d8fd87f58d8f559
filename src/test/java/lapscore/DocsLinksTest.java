package lapscore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Markdown pages hold together: every relative link of {@code README.md}, {@code CONTRIBUTING.md},
 * {@code CHANGELOG.md}, {@code data/README.md} and {@code docs/*.md} reaches a file or folder of the
 * repository, every {@code #anchor} names a heading of the page it points to, and every page of
 * {@code docs/} opens with a paragraph (what it is for) before its first table or code block, and
 * the pages a user reads hold no commit ids or clock times.
 *
 * <p>Anchors follow GitHub's rule for heading identifiers: the heading's text in lower case, every
 * character that is not a letter, a digit, a space, {@code -} or {@code _} dropped, spaces turned into
 * {@code -}, and {@code -1}, {@code -2}, ... appended to repeated ones. Links inside code (fenced
 * blocks and {@code `spans`}) and links with a scheme ({@code https:}, {@code mailto:}) are not checked.
 */
class DocsLinksTest {

    private static final Pattern LINK = Pattern.compile("!?\\[[^\\]]*\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
    private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern CODE_SPAN = Pattern.compile("`[^`]*`");
    private static final Pattern SCHEME = Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]*:");
    private static final Pattern RUN_RECORD = Pattern.compile(
            "\\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{7,40}\\b|\\b[0-2][0-9]:[0-5][0-9]\\b");

    @Test
    void everyLinkOfTheMarkdownPagesReachesAFileAndAHeading() throws IOException {
        List<String> problems = new ArrayList<>();
        for (Path page : pages()) {
            problems.addAll(linkProblems(page));
        }
        assertTrue(problems.isEmpty(), "broken links:\n" + String.join("\n", problems));
    }

    @Test
    void everyDocsPageOpensWithAParagraph() throws IOException {
        List<String> problems = new ArrayList<>();
        for (Path page : docsPages()) {
            String opening = openingLine(Files.readAllLines(page));
            if (opening == null || startsTableOrCode(opening)) {
                problems.add(page + " opens with " + (opening == null ? "nothing" : "'" + opening + "'")
                        + ", not a paragraph saying what the page is for");
            }
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    @Test
    void anchorsAreGitHubsHeadingIdentifiers() {
        assertEquals("what-happens-when", anchor("What happens when…"));
        assertEquals("lapscore-evaluate-does-the-selection-help", anchor("`lapscore evaluate`: does the selection help?"));
        assertEquals("benchmark-harness-binlapscore-bench-binbench", anchor("Benchmark harness (`bin/lapscore bench`, `bin/bench`)"));
        assertEquals("spark-35", anchor("Spark 3.5"));
        assertEquals("why-there-is-no-107-row-run", anchor("Why there is no 10^7-row run"));
        assertEquals("snake_case-and-kebab-case", anchor("snake_case and kebab-case"));
    }

    @Test
    void aMissingFileAMissingHeadingAndLinksInCodeAreTold(@TempDir Path root) throws IOException {
        Files.writeString(root.resolve("other.md"), "# Other\n\n## A section\n\n## A section\n");
        Path page = Files.writeString(root.resolve("page.md"), String.join("\n",
                "# Page", "",
                "See [here](other.md#a-section), [again](other.md#a-section-1), [top](#page) and [web](https://example.org/x).",
                "Broken: [gone](missing.md), [no heading](other.md#nowhere), [no local heading](#nowhere).",
                "`[in a span](missing-in-span.md)`",
                "```", "[in a block](missing-in-block.md)", "```", ""));

        List<String> problems = linkProblems(page);

        assertEquals(3, problems.size(), problems.toString());
        assertTrue(problems.get(0).contains("missing.md"), problems.get(0));
        assertTrue(problems.get(1).contains("other.md#nowhere"), problems.get(1));
        assertTrue(problems.get(2).contains("#nowhere"), problems.get(2));
    }

    @Test
    void aPageOpeningWithATableOrCodeIsTold() {
        assertEquals("| a | b |", openingLine(List.of("# Title", "", "| a | b |", "|---|---|")));
        assertTrue(startsTableOrCode(openingLine(List.of("# Title", "", "| a | b |"))));
        assertTrue(startsTableOrCode(openingLine(List.of("# Title", "```bash", "x", "```"))));
        assertEquals("What this page is for.", openingLine(List.of("# Title", "", "What this page is for.", "", "| a |")));
    }

    /**
     * The pages a user reads (the README and docs/) give no commit ids and no clock times outside
     * code: their figures come from regenerated tables, and a run's history belongs in the issue it
     * served.
     */
    @Test
    void userPagesHoldNoCommitIdsOrClockTimes() throws IOException {
        List<String> found = new ArrayList<>();
        List<Path> userPages = new ArrayList<>(List.of(Path.of("README.md")));
        userPages.addAll(docsPages());
        for (Path page : userPages) {
            found.addAll(runRecords(page));
        }
        assertEquals(List.of(), found);
    }

    @Test
    void aCommitIdAndAClockTimeAreToldAndCodeIsNot(@TempDir Path root) throws IOException {
        Path page = Files.writeString(root.resolve("page.md"), String.join("\n", "# Page", "",
                "Run at commit 43d80b5, 14:05 UTC.", "A hidden name `.out-1a2b3c4d` and 3 x 10 rows, 0.9493 recall.", ""));
        assertEquals(List.of(page + ":3: 43d80b5", page + ":3: 14:05"), runRecords(page));
    }

    /** One line per commit id (7 to 40 hex digits, letters and digits both) or clock time of {@code page} outside code. */
    private static List<String> runRecords(Path page) throws IOException {
        List<String> found = new ArrayList<>();
        List<String> lines = Files.readAllLines(page);
        boolean inBlock = false;
        for (int n = 0; n < lines.size(); n++) {
            if (lines.get(n).strip().startsWith("```")) {
                inBlock = !inBlock;
                continue;
            }
            if (inBlock) {
                continue;
            }
            Matcher record = RUN_RECORD.matcher(CODE_SPAN.matcher(lines.get(n)).replaceAll(""));
            while (record.find()) {
                found.add(page + ":" + (n + 1) + ": " + record.group());
            }
        }
        return found;
    }

    private static List<Path> pages() throws IOException {
        List<Path> pages = new ArrayList<>(List.of(Path.of("README.md"), Path.of("CONTRIBUTING.md"),
                Path.of("CHANGELOG.md"), Path.of("data/README.md")));
        pages.addAll(docsPages());
        return pages;
    }

    private static List<Path> docsPages() throws IOException {
        try (Stream<Path> files = Files.list(Path.of("docs"))) {
            return files.filter(file -> file.getFileName().toString().endsWith(".md")).sorted().toList();
        }
    }

    /** One line per link of {@code page} whose file, or whose anchor's heading, does not exist. */
    private static List<String> linkProblems(Path page) throws IOException {
        List<String> problems = new ArrayList<>();
        for (String target : links(Files.readAllLines(page))) {
            if (SCHEME.matcher(target).find()) {
                continue;
            }
            int hash = target.indexOf('#');
            String file = hash < 0 ? target : target.substring(0, hash);
            Path reached = file.isEmpty() ? page : page.resolveSibling(file).normalize();
            if (!Files.exists(reached)) {
                problems.add(page + ": " + target + " (no file " + reached + ")");
            } else if (hash >= 0 && !anchors(reached).contains(target.substring(hash + 1))) {
                problems.add(page + ": " + target + " (no heading with that anchor in " + reached + ")");
            }
        }
        return problems;
    }

    /** The link targets of a page, outside fenced code blocks and code spans, in order. */
    private static List<String> links(List<String> lines) {
        List<String> targets = new ArrayList<>();
        boolean inCode = false;
        for (String line : lines) {
            if (line.stripLeading().startsWith("```")) {
                inCode = !inCode;
                continue;
            }
            if (!inCode) {
                Matcher link = LINK.matcher(CODE_SPAN.matcher(line).replaceAll(""));
                while (link.find()) {
                    targets.add(link.group(1));
                }
            }
        }
        return targets;
    }

    /** The anchors of a Markdown file's headings; none for other files. */
    private static Set<String> anchors(Path file) throws IOException {
        Set<String> anchors = new HashSet<>();
        if (!file.toString().endsWith(".md") || Files.isDirectory(file)) {
            return anchors;
        }
        Map<String, Integer> seen = new HashMap<>();
        boolean inCode = false;
        for (String line : Files.readAllLines(file)) {
            if (line.stripLeading().startsWith("```")) {
                inCode = !inCode;
                continue;
            }
            Matcher heading = HEADING.matcher(line);
            if (!inCode && heading.matches()) {
                String anchor = anchor(heading.group(1));
                int repeats = seen.merge(anchor, 1, Integer::sum) - 1;
                anchors.add(repeats == 0 ? anchor : anchor + "-" + repeats);
            }
        }
        return anchors;
    }

    /** GitHub's identifier of a heading: lower case, letters, digits, '-' and '_' kept, spaces to '-'. */
    private static String anchor(String heading) {
        StringBuilder anchor = new StringBuilder();
        heading.toLowerCase(Locale.ROOT).codePoints().forEach(c -> {
            if (Character.isLetterOrDigit(c) || c == '-' || c == '_') {
                anchor.appendCodePoint(c);
            } else if (c == ' ') {
                anchor.append('-');
            }
        });
        return anchor.toString();
    }

    /** The first line of a page that is neither blank nor a heading, or null. */
    private static String openingLine(List<String> lines) {
        return lines.stream().filter(line -> !line.isBlank() && !HEADING.matcher(line).matches()).findFirst().orElse(null);
    }

    private static boolean startsTableOrCode(String line) {
        return line.startsWith("|") || line.stripLeading().startsWith("```") || line.startsWith("    ") || line.startsWith("\t");
    }
}
