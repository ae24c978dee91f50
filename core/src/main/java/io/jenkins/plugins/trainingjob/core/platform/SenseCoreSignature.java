package io.jenkins.plugins.trainingjob.core.platform;

import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import java.util.Locale;

/**
 * What a SenseCore request signature binds. SenseCore signs with HMAC over a list of headers the client
 * chooses; the date-only list is the one its product pages document, but it makes the header a bearer
 * token: anyone who sees one can send any request, to any path, until the gateway stops accepting the
 * date. So the client binds the request by default, and date-only is a setting for a gateway that
 * refuses the request-bound form (security review S2).
 */
public enum SenseCoreSignature {
    /** {@code date host @request-target}: the method, path, query and host; a copy is good for this request only. */
    REQUEST("request"),
    /** {@code x-date} only: replayable for any method and path while the date is accepted. */
    DATE_ONLY("date-only");

    private final String id;

    SenseCoreSignature(String id) {
        this.id = id;
    }

    /** How users write it: {@code request} or {@code date-only}. */
    String id() {
        return id;
    }

    /**
     * {@code request} or {@code date-only} (any case; {@code x-date} is read as {@code date-only}).
     *
     * @throws InvalidInputException naming {@code field} otherwise
     */
    public static SenseCoreSignature parse(String field, String text) {
        String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        for (SenseCoreSignature s : values()) {
            if (s.id.equals(t)) {
                return s;
            }
        }
        if (t.equals("x-date")) {
            return DATE_ONLY;
        }
        throw InvalidInputException.of(
                field, "'" + ConsoleText.strip(text == null ? "" : text, 40) + "' is not one of request, date-only");
    }
}
