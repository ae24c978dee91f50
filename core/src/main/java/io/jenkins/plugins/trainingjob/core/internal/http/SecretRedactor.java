package io.jenkins.plugins.trainingjob.core.internal.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import okhttp3.Headers;
import okhttp3.HttpUrl;

/**
 * Hides secrets in what we log: header values, query parameter values and JSON fields whose names are
 * known secrets ({@code Authorization}, {@code x-bce-security-token}) or look like one (password,
 * secret, token, signature, credential, access or private key, cookie, session), and the values of
 * environment variables in a job body.
 */
final class SecretRedactor {

    public static final String MASK = "****";

    private static final Set<String> ALWAYS =
            Set.of("authorization", "proxy-authorization", "cookie", "set-cookie", "x-bce-security-token");
    private static final Pattern LOOKS_SECRET =
            Pattern.compile("(?i).*(passw|secret|token|signature|credential|api[-_]?key|access[-_]?key|private[-_]?key"
                    + "|cookie|session).*");

    /**
     * Environment variable lists ({@code [{name|key, value}]}): job specs treat their values as secrets
     * (build parameters, API keys under any name), so the log keeps the names only.
     */
    private static final Set<String> ENV_LISTS = Set.of("env", "envs");

    private final Set<String> extraNames;

    /** @param extraNames further names (case-insensitive) to hide, for a platform's own secret headers */
    public SecretRedactor(Set<String> extraNames) {
        Set<String> lower = new HashSet<>();
        for (String n : extraNames) {
            lower.add(n.toLowerCase(Locale.ROOT));
        }
        this.extraNames = Set.copyOf(lower);
    }

    public static SecretRedactor standard() {
        return new SecretRedactor(Set.of());
    }

    /** Whether a header, query parameter or JSON field of this name holds a secret. */
    public boolean isSecret(String name) {
        if (name == null) {
            return false;
        }
        String n = name.toLowerCase(Locale.ROOT);
        return ALWAYS.contains(n)
                || extraNames.contains(n)
                || LOOKS_SECRET.matcher(n).matches();
    }

    /** The headers one per line, {@code name: value}, secret values masked. */
    public String headers(Headers headers) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < headers.size(); i++) {
            String name = headers.name(i);
            sb.append(name)
                    .append(": ")
                    .append(isSecret(name) ? MASK : headers.value(i))
                    .append('\n');
        }
        return sb.toString();
    }

    /** The URL with the values of secret query parameters masked. */
    public String url(HttpUrl url) {
        HttpUrl.Builder b = url.newBuilder();
        List<String> secretNames = new ArrayList<>();
        for (String name : url.queryParameterNames()) {
            if (isSecret(name)) {
                secretNames.add(name);
            }
        }
        for (String name : secretNames) {
            b.setQueryParameter(name, MASK);
        }
        return b.build().toString();
    }

    /** A copy of the JSON with the values of secret fields masked, at any depth. */
    public JsonNode json(JsonNode node) {
        if (node == null) {
            return null;
        }
        JsonNode copy = node.deepCopy();
        mask(copy);
        return copy;
    }

    private void mask(JsonNode node) {
        if (node instanceof ObjectNode object) {
            List<String> secrets = new ArrayList<>();
            for (Map.Entry<String, JsonNode> e : object.properties()) {
                if (isSecret(e.getKey())) {
                    secrets.add(e.getKey());
                } else if (ENV_LISTS.contains(e.getKey().toLowerCase(Locale.ROOT))) {
                    maskEnvValues(e.getValue());
                } else {
                    mask(e.getValue());
                }
            }
            for (String key : secrets) {
                object.set(key, TextNode.valueOf(MASK));
            }
        } else if (node instanceof ArrayNode array) {
            for (JsonNode item : array) {
                mask(item);
            }
        }
    }

    private void maskEnvValues(JsonNode list) {
        if (list instanceof ArrayNode array) {
            for (JsonNode item : array) {
                if (item instanceof ObjectNode variable && variable.has("value")) {
                    variable.set("value", TextNode.valueOf(MASK));
                }
            }
        }
        mask(list);
    }
}
