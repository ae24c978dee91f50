package io.jenkins.plugins.trainingjob.core.spec;

/**
 * Makes a piece of the user's document safe to repeat in a problem message (field names, enum
 * values, exit-code items): control and bidi characters are dropped so a message cannot forge
 * console lines, and long text is cut.
 */
final class QuotedText {

    static final int MAX_LENGTH = 64;

    private QuotedText() {}

    static String of(String text) {
        StringBuilder safe = new StringBuilder(Math.min(text.length(), MAX_LENGTH + 1));
        text.codePoints()
                .filter(c -> !Character.isISOControl(c) && Character.getType(c) != Character.FORMAT)
                .forEach(safe::appendCodePoint);
        if (safe.codePointCount(0, safe.length()) > MAX_LENGTH) {
            return safe.substring(0, safe.offsetByCodePoints(0, MAX_LENGTH - 1)) + "…";
        }
        return safe.toString();
    }
}
