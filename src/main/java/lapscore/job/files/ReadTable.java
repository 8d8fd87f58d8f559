package lapscore.job.files;

import java.util.Set;

import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * The input as read, before any check.
 *
 * @param data          the table, its columns named as the user will name them (f0, f1, ... for a CSV without a header)
 * @param numbersAsText the columns that hold numbers but are read as text: when not empty, the input is a CSV read with
 *                      {@link SampledCsv}, whose features {@link CsvLineVectors} parses from its lines
 * @param sampledRows   the rows of data whose cells typed the columns ({@link SampledCsv#sampleRows}), 0 when the types are the
 *                      whole input's
 */
record ReadTable(Dataset<Row> data, Set<String> numbersAsText, int sampledRows) {

    /** A table whose column types are the whole input's. */
    static ReadTable typed(Dataset<Row> data) {
        return new ReadTable(data, Set.of(), 0);
    }
}
