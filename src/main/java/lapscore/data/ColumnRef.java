package lapscore.data;

import org.apache.spark.sql.Column;
import org.apache.spark.sql.functions;

/**
 * A reference to a column by its exact name. Spark reads {@code col("a.b")} as field {@code b} of a
 * struct {@code a}; quoting the name in backticks (doubling any backtick inside) makes a top-level
 * column named {@code a.b} work like any other.
 */
public final class ColumnRef {

    private ColumnRef() {
    }

    /** The top-level column named exactly {@code name}. */
    public static Column of(String name) {
        return functions.col("`" + name.replace("`", "``") + "`");
    }
}
