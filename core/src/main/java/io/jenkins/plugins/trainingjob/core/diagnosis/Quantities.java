package io.jenkins.plugins.trainingjob.core.diagnosis;

import java.math.BigDecimal;
import java.util.Locale;

/**
 * Reads the quantities platforms send as strings ({@code 8}, {@code 0.5}, {@code 500m}, {@code 16Gi}) so
 * requests and allocatable amounts of the same resource can be compared. Anything else is unknown.
 */
final class Quantities {

    private static final java.util.regex.Pattern NUMBER = java.util.regex.Pattern.compile("[0-9]+(\\.[0-9]+)?");

    private Quantities() {}

    /** The value in base units, or {@code null} when the text is not a quantity. */
    static Double parse(String text) {
        if (text == null) {
            return null;
        }
        String t = text.trim();
        if (t.isEmpty() || t.length() > 40) {
            return null;
        }
        double factor = 1;
        String[][] suffixes = {
            {"Ki", "1024"},
            {"Mi", "1048576"},
            {"Gi", "1073741824"},
            {"Ti", "1099511627776"},
            {"k", "1000"},
            {"K", "1000"},
            {"M", "1000000"},
            {"G", "1000000000"},
            {"T", "1000000000000"},
            {"m", "0.001"}
        };
        for (String[] s : suffixes) {
            if (t.endsWith(s[0])) {
                factor = Double.parseDouble(s[1]);
                t = t.substring(0, t.length() - s[0].length());
                break;
            }
        }
        if (!NUMBER.matcher(t).matches()) {
            return null;
        }
        return new BigDecimal(t).doubleValue() * factor;
    }

    /** A number as people write it: {@code 8}, not {@code 8.0}. */
    static String format(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return String.format(
                Locale.ROOT, "%s", BigDecimal.valueOf(v).stripTrailingZeros().toPlainString());
    }
}
