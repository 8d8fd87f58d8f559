package lapscore.selection.registry;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import lapscore.scoring.ScoreOrder;
import lapscore.selection.base.FeatureSelector;
import lapscore.selection.base.FeatureSelectorModel;
import lapscore.selection.params.GraphSelectorParams;
import org.apache.spark.ml.param.Param;

/**
 * One score of the registry ({@link Scores}): its name, its estimator class (its model is the class
 * of the same name + "Model"), a one-line description with its paper, and what a job must know of
 * it beyond its estimator. Its own params and its order are read from a new estimator, so that they
 * are declared once, in the estimator.
 *
 * @param name        the score's name: {@code lapscore fit --score}'s value, e.g. "fisher"
 * @param title       the score's name in reports, e.g. "Fisher score"
 * @param estimator   the Spark ML estimator that computes it, with a public no-argument constructor
 * @param description one line: what the score is and its paper
 * @param traits      what a job must know of it beyond its estimator
 */
public record Score(String name, String title, Class<? extends FeatureSelector<?, ?>> estimator, String description,
                    Set<Trait> traits) {

    /** What a job must know of a score beyond its estimator. */
    public enum Trait {
        /** It reads the class labels (the Fisher score). */
        SUPERVISED,
        /**
         * It reads the graph's eigenvectors, and {@code evaluate} compares it only when asked: its
         * Lanczos iteration costs more than the other scores' single pass.
         */
        READS_EIGENVECTORS,
        /**
         * Its scores depend on the number of features asked for (MCFS stops each regression at that
         * many active features, Cai, Zhang and He, KDD 2010, eq. 5), so it is fitted once per count.
         */
        SELECTION_DEPENDS_ON_COUNT
    }

    public Score {
        traits = Collections.unmodifiableSet(traits.isEmpty() ? EnumSet.noneOf(Trait.class) : EnumSet.copyOf(traits));
    }

    /** An entry with the given traits. */
    public static Score of(String name, String title, Class<? extends FeatureSelector<?, ?>> estimator, String description,
                           Trait... traits) {
        return new Score(name, title, estimator, description, Set.of(traits));
    }

    /** A new estimator of this score with its defaults. */
    public FeatureSelector<?, ?> newEstimator() {
        try {
            return estimator.getConstructor().newInstance();
        } catch (ReflectiveOperationException missing) {
            throw new IllegalStateException(estimator.getName() + " lacks the public no-argument constructor of an estimator",
                    missing);
        }
    }

    /** The model class of this score: the estimator's name + "Model", as PySpark pairs them. */
    public Class<? extends FeatureSelectorModel<?>> model() {
        try {
            @SuppressWarnings("unchecked")
            Class<? extends FeatureSelectorModel<?>> model = (Class<? extends FeatureSelectorModel<?>>)
                    Class.forName(estimator.getName() + "Model").asSubclass(FeatureSelectorModel.class);
            return model;
        } catch (ClassNotFoundException | ClassCastException missing) {
            throw new IllegalStateException(estimator.getName() + " has no model class " + estimator.getName() + "Model", missing);
        }
    }

    /** Which end of the score is good with its default params. */
    public ScoreOrder order() {
        return newEstimator().scoreOrder();
    }

    /** The params its estimator has beyond those of every graph selector (columns, selection, graph), by name. */
    public List<String> ownParams() {
        Set<String> shared = new HashSet<>();
        for (Method accessor : GraphSelectorParams.class.getMethods()) {
            if (accessor.getParameterCount() == 0 && Param.class.isAssignableFrom(accessor.getReturnType())) {
                shared.add(accessor.getName());
            }
        }
        return Arrays.stream(newEstimator().params()).map(Param::name).filter(param -> !shared.contains(param)).sorted().toList();
    }

    /** Whether the score has {@code trait}. */
    public boolean has(Trait trait) {
        return traits.contains(trait);
    }
}
