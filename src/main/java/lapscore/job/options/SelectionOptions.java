package lapscore.job.options;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import lapscore.selection.base.FeatureSelector;
import lapscore.selection.params.SelectionMode;

/**
 * The selection options of {@code lapscore fit}: {@code --select} names the mode, and each of
 * {@code --num-features}, {@code --percentile} and {@code --threshold} belongs to one mode. None is
 * ever silently ignored. Without {@code --select}, the one mode option given chooses its mode (with
 * a note saying so), and mode options of different modes are refused; with {@code --select}, a mode
 * option of another mode gets a note that it is ignored. ({@code --num-features} alone needs no
 * note: its mode, numTopFeatures, is the default.)
 */
public final class SelectionOptions {

    /** Each mode option and the mode whose count or bound it sets. */
    private static final Map<FitOption, SelectionMode> MODE_OF = modeOptions();

    private SelectionOptions() {
    }

    /**
     * Applies the rule above to {@code selector} (whose params {@code args} already set) and returns
     * the notes to print. Throws {@link IllegalArgumentException} when, without {@code --select},
     * options of different modes are given.
     */
    public static List<String> apply(FeatureSelector<?, ?> selector, JobArguments<FitOption> args) {
        List<FitOption> given = MODE_OF.keySet().stream().filter(args::given).toList();
        List<String> notes = new ArrayList<>();
        if (!args.given(FitOption.SELECT)) {
            if (given.size() > 1) {
                throw new IllegalArgumentException(flags(given) + " belong to different selection modes; give "
                        + FitOption.SELECT.flag() + " to choose one");
            }
            SelectionMode mode = given.isEmpty() ? null : MODE_OF.get(given.get(0));
            if (mode != null && mode != selector.selectionModeOption()) {
                selector.setSelectionMode(mode.paramValue());
                notes.add(FitOption.SELECT.flag() + " " + mode.paramValue() + " follows from " + given.get(0).flag()
                        + " (the only selection option given)");
            }
            return notes;
        }
        SelectionMode chosen = selector.selectionModeOption();
        List<FitOption> other = given.stream().filter(option -> MODE_OF.get(option) != chosen).toList();
        if (!other.isEmpty()) {
            notes.add(flags(other) + (other.size() == 1 ? " does" : " do") + " not apply to " + FitOption.SELECT.flag() + " "
                    + chosen.paramValue() + " and " + (other.size() == 1 ? "is" : "are") + " ignored");
        }
        return notes;
    }

    private static String flags(List<FitOption> options) {
        return String.join(", ", options.stream().map(FitOption::flag).toList());
    }

    private static Map<FitOption, SelectionMode> modeOptions() {
        Map<FitOption, SelectionMode> modes = new LinkedHashMap<>();
        modes.put(FitOption.NUM_FEATURES, SelectionMode.NUM_TOP_FEATURES);
        modes.put(FitOption.PERCENTILE, SelectionMode.PERCENTILE);
        modes.put(FitOption.THRESHOLD, SelectionMode.THRESHOLD);
        return modes;
    }
}
