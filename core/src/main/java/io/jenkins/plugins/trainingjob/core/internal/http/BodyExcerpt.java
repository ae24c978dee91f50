package io.jenkins.plugins.trainingjob.core.internal.http;

import io.jenkins.plugins.trainingjob.core.text.ConsoleText;

/**
 * The start of a response body, fit for an exception message: control characters stripped (a hostile
 * body cannot forge log lines), whitespace runs folded, at most {@value #MAX_CHARS} characters.
 */
public final class BodyExcerpt {

    public static final int MAX_CHARS = 200;

    private BodyExcerpt() {}

    public static String of(String body) {
        if (body == null || body.isEmpty()) {
            return "";
        }
        // Strip before cutting so that escape sequences do not eat the budget; cut the input first so a
        // huge body is not copied whole.
        String head = body.length() > MAX_CHARS * 8 ? body.substring(0, MAX_CHARS * 8) : body;
        String folded = ConsoleText.strip(head).replaceAll("\\s+", " ").trim();
        return ConsoleText.strip(folded, MAX_CHARS);
    }
}
