package lapscore;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * The table of {@code docs/errors.md}, "What happens when…", is backed by tests: every row names at least one test,
 * as {@code package.Class#method} (or {@code #method} for another test of the class named before it in the
 * row), each named method existing as a JUnit test, or as pytest names it,
 * {@code src/test/python/…/test_x.py::test_name}, a test function of that file, so that the suites passing
 * means every row holds.
 */
class ErrorTableTest {

    private static final Pattern REFERENCE = Pattern.compile("`((?:[a-z]+\\.)*[A-Z]\\w*)?#(\\w+)`");
    private static final Pattern PYTEST_REFERENCE = Pattern.compile("`(src/test/python/[\\w/]+\\.py)::(test_\\w+)`");

    @Test
    void everyRowOfTheTableNamesExistingTests() throws IOException {
        List<String> rows = tableRows(Files.readAllLines(Path.of("docs/errors.md")));
        assertTrue(rows.size() >= 30, "the table lists the bad inputs: " + rows.size() + " rows");
        List<String> missing = new ArrayList<>();
        for (String row : rows) {
            String[] cells = row.split("\\|");
            Matcher matcher = REFERENCE.matcher(cells[cells.length - 1]);
            String className = null;
            int found = 0;
            while (matcher.find()) {
                className = matcher.group(1) != null ? matcher.group(1) : className;
                found++;
                if (className == null || !isTest(className, matcher.group(2))) {
                    missing.add(className + "#" + matcher.group(2));
                }
            }
            Matcher pytest = PYTEST_REFERENCE.matcher(cells[cells.length - 1]);
            while (pytest.find()) {
                found++;
                if (!isPytest(Path.of(pytest.group(1)), pytest.group(2))) {
                    missing.add(pytest.group());
                }
            }
            assertTrue(found > 0, "row without a test: " + row);
        }
        assertTrue(missing.isEmpty(), "tests named in docs/errors.md that do not exist: " + missing);
    }

    private static List<String> tableRows(List<String> lines) {
        int start = lines.indexOf("# What happens when…");
        assertFalse(start < 0, "docs/errors.md has the title 'What happens when…'");
        List<String> rows = new ArrayList<>();
        for (String line : lines.subList(start + 1, lines.size())) {
            if (line.startsWith("## ")) {
                break;
            }
            if (line.startsWith("| ") && !line.startsWith("| When")) {
                rows.add(line);
            }
        }
        return rows;
    }

    private static boolean isTest(String className, String method) {
        try {
            Class<?> type = Class.forName("lapscore." + className);
            return Arrays.stream(type.getDeclaredMethods()).filter(m -> m.getName().equals(method))
                    .anyMatch(ErrorTableTest::isJUnitTest);
        } catch (ClassNotFoundException unknown) {
            return false;
        }
    }

    private static boolean isPytest(Path file, String function) throws IOException {
        return Files.isRegularFile(file) && Files.readAllLines(file).stream().anyMatch(line -> line.startsWith("def " + function + "("));
    }

    private static boolean isJUnitTest(Method method) {
        return method.isAnnotationPresent(Test.class) || method.isAnnotationPresent(ParameterizedTest.class);
    }
}
