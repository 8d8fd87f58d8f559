package io.github.lapscore.selection.base;

import java.util.Arrays;

import io.github.lapscore.data.IndexedRows;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;

/** Checks of column names and types that fail early with messages naming the column. */
final class SchemaChecks {

    private SchemaChecks() {
    }

    /** {@code column} must exist in {@code schema} and hold ML vectors. */
    static void requireVectorColumn(StructType schema, String column) {
        if (!Arrays.asList(schema.fieldNames()).contains(column)) {
            throw new IllegalArgumentException("Column '" + column + "' does not exist; available columns: "
                    + String.join(", ", schema.fieldNames()));
        }
        DataType type = schema.apply(column).dataType();
        if (!type.equals(SQLDataTypes.VectorType())) {
            throw new IllegalArgumentException("Column '" + column + "' must hold org.apache.spark.ml.linalg.Vector values "
                    + "(e.g. from VectorAssembler) but is of type " + type.catalogString());
        }
    }

    /** {@code column} must not exist yet in {@code schema}. */
    static void requireNewColumn(StructType schema, String column) {
        if (Arrays.asList(schema.fieldNames()).contains(column)) {
            throw new IllegalArgumentException("Output column '" + column + "' already exists; choose another outputCol");
        }
    }

    /**
     * {@code column} (the labelCol param, null when unset) must be set, exist in {@code schema} and
     * hold numbers or strings; {@code why} says which setting needs it.
     */
    static void requireLabelColumn(StructType schema, String column, String why) {
        if (column == null) {
            throw new IllegalArgumentException(why + " needs class labels: set labelCol to the label column");
        }
        if (!Arrays.asList(schema.fieldNames()).contains(column)) {
            throw new IllegalArgumentException("Label column '" + column + "' does not exist; available columns: "
                    + String.join(", ", schema.fieldNames()));
        }
        DataType type = schema.apply(column).dataType();
        if (!IndexedRows.isLabelType(type)) {
            throw new IllegalArgumentException("Label column '" + column + "' must hold numbers or strings but is of type "
                    + type.catalogString());
        }
    }
}
