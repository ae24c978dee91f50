package io.jenkins.plugins.trainingjob.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The part of GitHub Actions' expression language the shipped workflow and action use, evaluated as the
 * runner does (docs.github.com, "Evaluate expressions in workflows and actions"): literals, context
 * references ({@code inputs.x}, {@code steps.submit.outputs.client-token}, {@code needs.gate.result}, ...),
 * {@code ! && || == !=} with parentheses, {@code startsWith}, {@code contains} and the status functions.
 * Strings compare ignoring case; {@code ''}, {@code null}, {@code false} and 0 are falsy; {@code &&} and
 * {@code ||} return an operand, not a boolean. An {@code if:} without a status function gets an implicit
 * {@code success() &&}, the rule that skips a job after a failure anywhere upstream. Anything else is refused,
 * so a workflow that starts using more of the language fails its test instead of being misread.
 */
final class GithubExpression {

    /** What the status functions see: whether the run was cancelled, whether anything before failed. */
    record Status(boolean cancelled, boolean failed) {
        static final Status OK = new Status(false, false);
    }

    private static final Pattern EMBEDDED = Pattern.compile("\\$\\{\\{(.*?)}}");
    private static final Pattern STATUS_FUNCTION = Pattern.compile("\\b(success|failure|always|cancelled)\\s*\\(");

    private final String text;
    private final Function<String, Object> context;
    private final Status status;
    private int pos;

    private GithubExpression(String text, Function<String, Object> context, Status status) {
        this.text = text;
        this.context = context;
        this.status = status;
    }

    /** A string with {@code ${{ }}} parts replaced by their values, as in {@code with:} and {@code env:}. */
    static String interpolate(String value, Function<String, Object> context) {
        Matcher m = EMBEDDED.matcher(value);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(out, Matcher.quoteReplacement(string(evaluate(m.group(1), context, Status.OK))));
        }
        return m.appendTail(out).toString();
    }

    /** An {@code if:} condition, with or without {@code ${{ }}}; none at all means {@code success()}. */
    static boolean condition(String condition, Function<String, Object> context, Status status) {
        String expr = condition == null || condition.isBlank() ? "success()" : condition.strip();
        if (expr.startsWith("${{") && expr.endsWith("}}")) {
            expr = expr.substring(3, expr.length() - 2);
        }
        if (!STATUS_FUNCTION.matcher(expr).find()) {
            expr = "success() && (" + expr + ")";
        }
        return truthy(evaluate(expr, context, status));
    }

    static Object evaluate(String expr, Function<String, Object> context, Status status) {
        GithubExpression e = new GithubExpression(expr, context, status);
        Object value = e.or();
        e.blanks();
        if (e.pos != e.text.length()) {
            throw new IllegalArgumentException("cannot read the expression from " + e.pos + ": " + expr);
        }
        return value;
    }

    static boolean truthy(Object v) {
        if (v == null) {
            return false;
        }
        if (v instanceof Boolean b) {
            return b;
        }
        if (v instanceof Double d) {
            return d != 0;
        }
        return !v.toString().isEmpty();
    }

    static String string(Object v) {
        if (v == null) {
            return "";
        }
        if (v instanceof Double d && d == Math.rint(d)) {
            return Long.toString(d.longValue());
        }
        return v.toString();
    }

    private Object or() {
        Object left = and();
        while (take("||")) {
            Object right = and();
            left = truthy(left) ? left : right;
        }
        return left;
    }

    private Object and() {
        Object left = not();
        while (take("&&")) {
            Object right = not();
            left = truthy(left) ? right : left;
        }
        return left;
    }

    private Object not() {
        blanks();
        if (peek("!") && !peek("!=")) {
            pos++;
            return !truthy(not());
        }
        return comparison();
    }

    private Object comparison() {
        Object left = primary();
        if (take("==")) {
            return equal(left, primary());
        }
        if (take("!=")) {
            return !equal(left, primary());
        }
        return left;
    }

    private static boolean equal(Object a, Object b) {
        if (a instanceof Boolean || b instanceof Boolean || a == null || b == null) {
            return truthy(a) == truthy(b); // both coerced to numbers: null, false and '' are 0
        }
        return string(a).toLowerCase(Locale.ROOT).equals(string(b).toLowerCase(Locale.ROOT));
    }

    private Object primary() {
        blanks();
        if (take("(")) {
            Object v = or();
            expect(")");
            return v;
        }
        if (peek("'")) {
            StringBuilder s = new StringBuilder();
            pos++;
            while (true) {
                if (pos >= text.length()) {
                    throw new IllegalArgumentException("unterminated string: " + text);
                }
                char c = text.charAt(pos++);
                if (c == '\'') {
                    if (pos < text.length() && text.charAt(pos) == '\'') {
                        s.append('\'');
                        pos++;
                        continue;
                    }
                    return s.toString();
                }
                s.append(c);
            }
        }
        int start = pos;
        while (pos < text.length()
                && (Character.isLetterOrDigit(text.charAt(pos)) || "._-*".indexOf(text.charAt(pos)) >= 0)) {
            pos++;
        }
        String word = text.substring(start, pos);
        if (word.isEmpty()) {
            throw new IllegalArgumentException("expected a value at " + start + ": " + text);
        }
        if (word.matches("-?[0-9]+(\\.[0-9]+)?")) {
            return Double.parseDouble(word);
        }
        switch (word) {
            case "true":
                return true;
            case "false":
                return false;
            case "null":
                return null;
            default:
                break;
        }
        blanks();
        if (take("(")) {
            List<Object> args = new ArrayList<>();
            blanks();
            if (!take(")")) {
                do {
                    args.add(or());
                } while (take(","));
                expect(")");
            }
            return call(word, args);
        }
        return context.apply(word);
    }

    private Object call(String name, List<Object> args) {
        return switch (name) {
            case "success" -> !status.cancelled() && !status.failed();
            case "failure" -> !status.cancelled() && status.failed();
            case "cancelled" -> status.cancelled();
            case "always" -> true;
            case "startsWith" ->
                string(args.get(0))
                        .toLowerCase(Locale.ROOT)
                        .startsWith(string(args.get(1)).toLowerCase(Locale.ROOT));
            case "contains" ->
                string(args.get(0))
                        .toLowerCase(Locale.ROOT)
                        .contains(string(args.get(1)).toLowerCase(Locale.ROOT));
            default -> throw new IllegalArgumentException("function " + name + " is not modelled: " + text);
        };
    }

    private void blanks() {
        while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
            pos++;
        }
    }

    private boolean peek(String s) {
        return text.startsWith(s, pos);
    }

    private boolean take(String s) {
        blanks();
        if (peek(s)) {
            pos += s.length();
            return true;
        }
        return false;
    }

    private void expect(String s) {
        if (!take(s)) {
            throw new IllegalArgumentException("expected '" + s + "' at " + pos + ": " + text);
        }
    }
}
