package lapscore.job.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Locale;
import java.util.Random;

import org.junit.jupiter.api.Test;

/** {@link NumberText} reads a cell as Spark's CSV reader reads a double column: as {@link Double#parseDouble}, bit for bit. */
class NumberTextTest {

    @Test
    void writtenDoublesComeBackBitForBit() {
        Random random = new Random(7);
        for (int i = 0; i < 200_000; i++) {
            double value = switch (i % 4) {
                case 0 -> random.nextGaussian();
                case 1 -> random.nextDouble() * Math.pow(10, random.nextInt(600) - 300);
                case 2 -> Double.longBitsToDouble(random.nextLong());
                default -> random.nextInt(2_000_001) - 1_000_000;
            };
            if (Double.isNaN(value)) {
                continue;
            }
            for (String written : new String[]{Double.toString(value), String.format(Locale.ROOT, "%.17g", value),
                    String.format(Locale.ROOT, "%.6e", value), String.format(Locale.ROOT, "%.3f", value)}) {
                assertEquals(Double.doubleToRawLongBits(Double.parseDouble(written)), Double.doubleToRawLongBits(NumberText.parse(written)),
                        written);
            }
        }
    }

    @Test
    void cellsOfEveryShapeJavaReadsAreReadAlike() {
        for (String cell : new String[]{"0", "-0", "-0.0", "+1", "007", "1e5", "1E-5", ".5", "5.", " 2.5", "2.5 ", "\t3", "1d", "1f",
                "0x1p3", "Infinity", "-Infinity", "NaN", "4.9e-324", "1.7976931348623157e308", "1e400", "1e-400",
                "123456789012345678901234567890", "0.30000000000000004"}) {
            assertEquals(Double.doubleToRawLongBits(Double.parseDouble(cell)), Double.doubleToRawLongBits(NumberText.parse(cell)), cell);
        }
    }

    /** Spark's CSV defaults: nanValue NaN, positiveInf Inf, negativeInf -Inf; an empty cell is null, passed on as NaN. */
    @Test
    void sparksSpecialValuesAndNull() {
        assertEquals(Double.POSITIVE_INFINITY, NumberText.parse("Inf"));
        assertEquals(Double.NEGATIVE_INFINITY, NumberText.parse("-Inf"));
        assertEquals(Double.NaN, NumberText.parse("NaN"));
        assertEquals(Double.NaN, NumberText.parse(null));
    }

    @Test
    void textIsNotANumber() {
        for (String cell : new String[]{"x", "1,5", "1.2.3", "+Inf", "inf", "--1", "1e", "one"}) {
            assertThrows(NumberFormatException.class, () -> NumberText.parse(cell), cell);
        }
    }
}
