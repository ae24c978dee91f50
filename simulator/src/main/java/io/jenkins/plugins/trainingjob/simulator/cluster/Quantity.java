package io.jenkins.plugins.trainingjob.simulator.cluster;

import java.math.BigDecimal;

/**
 * Kubernetes-style resource quantities. Internally every amount is a {@code double} in base units:
 * cores for {@code cpu}, bytes for {@code memory}, a count for everything else (GPUs, RDMA devices).
 */
public final class Quantity {

    private static final double KI = 1024d;

    private Quantity() {}

    /**
     * Parses {@code 8}, {@code 1.5}, {@code 500m}, {@code 1024Gi}, {@code 2G}.
     *
     * @throws IllegalArgumentException naming the text when it is not a quantity
     */
    public static double parse(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("empty quantity");
        }
        String s = text.trim();
        String[][] suffixes = {{"Ki", "1"}, {"Mi", "2"}, {"Gi", "3"}, {"Ti", "4"}, {"Pi", "5"}};
        for (String[] suffix : suffixes) {
            if (s.endsWith(suffix[0])) {
                return number(s.substring(0, s.length() - 2), text) * Math.pow(KI, Integer.parseInt(suffix[1]));
            }
        }
        char last = s.charAt(s.length() - 1);
        double factor =
                switch (last) {
                    case 'm' -> 1e-3;
                    case 'k', 'K' -> 1e3;
                    case 'M' -> 1e6;
                    case 'G' -> 1e9;
                    case 'T' -> 1e12;
                    default -> 0;
                };
        if (factor != 0) {
            return number(s.substring(0, s.length() - 1), text) * factor;
        }
        return number(s, text);
    }

    /**
     * A request amount as a job spec states it. AIHC {@code memory} quantities given as a bare number
     * are GiB (the console's unit); strings with a suffix are parsed as Kubernetes quantities.
     */
    public static double parseRequest(String resource, String text) {
        double v = parse(text);
        boolean bare = text.trim().chars().allMatch(c -> Character.isDigit(c) || c == '.');
        return "memory".equals(resource) && bare ? v * KI * KI * KI : v;
    }

    /** The amount as the diagnosis prints it: {@code 8}, {@code 0.5}, memory as {@code 512Gi}. */
    public static String format(String resource, double amount) {
        if ("memory".equals(resource) && amount != 0) {
            double gi = amount / (KI * KI * KI);
            return plain(gi) + "Gi";
        }
        return plain(amount);
    }

    private static String plain(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return new BigDecimal(Double.toString(v)).stripTrailingZeros().toPlainString();
    }

    private static double number(String digits, String original) {
        try {
            double v = Double.parseDouble(digits);
            if (v < 0 || Double.isNaN(v) || Double.isInfinite(v)) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "not a resource quantity: '" + original + "' (expected e.g. 8, 0.5, 500m, 1024Gi)");
        }
    }
}
