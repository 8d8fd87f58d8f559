package lapscore.selection.params;

import lapscore.ParamOption;

/**
 * What a fit does with rows it cannot score ({@code handleInvalid}, in Spark's convention): a null
 * or wrong-size vector, a NaN or infinite value, a zero vector where cosines are needed, or a null or
 * NaN label where labels are read.
 *
 * <ul>
 *   <li>{@code error}: fail before any expensive work, naming the column and the first such row.</li>
 *   <li>{@code skip}: drop them (a wrong size is any size but the most common one) and count them
 *       in the model's summary; the kept rows are numbered from 0 in input order.</li>
 * </ul>
 */
public enum InvalidRows implements ParamOption {
    ERROR,
    SKIP;
}
