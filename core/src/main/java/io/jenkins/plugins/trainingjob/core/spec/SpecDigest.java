package io.jenkins.plugins.trainingjob.core.spec;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;

/**
 * A short fingerprint of what a spec asks the platform for. A client token names one submission; the
 * fingerprint tells "the same submission again" (return the job) from "another spec under a token
 * already used" (refuse), without keeping the spec anywhere.
 */
public final class SpecDigest {

    private SpecDigest() {}

    /**
     * The first 16 hex digits of the SHA-256 of the body in a canonical form (object keys sorted), leaving
     * out the labels whose keys are in {@code ignoredLabelKeys} (labels the client adds itself).
     */
    public static String of(JobSpec spec, Set<String> ignoredLabelKeys) {
        return of(spec.body(), ignoredLabelKeys);
    }

    /** {@link #of(JobSpec, Set)} of a create body (a spec's, with its name changed by the client). */
    public static String of(JsonNode body, Set<String> ignoredLabelKeys) {
        StringBuilder canonical = new StringBuilder();
        write(body, canonical, ignoredLabelKeys, true);
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                    .digest(canonical.toString().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 unavailable", e);
        }
    }

    /**
     * The reuse key of a rendered spec and the variables it was rendered with ({@code tj-} and 20 hex digits
     * of a SHA-256): the body in canonical form (keys sorted, nothing left out), then the variables sorted by
     * name. It is a valid client token with room for an attempt suffix, so the job created under it is
     * found again by the token look-up every platform has (docs/decisions/0006-reuse-key-is-a-client-token.md).
     */
    public static String reuseToken(JobSpec spec, java.util.Map<String, String> variables) {
        StringBuilder canonical = new StringBuilder();
        write(spec.body(), canonical, Set.of(), true);
        canonical.append('\n');
        new java.util.TreeMap<>(variables).forEach((name, value) -> canonical
                .append(quote(name))
                .append('=')
                .append(quote(value))
                .append('\n'));
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                    .digest(canonical.toString().getBytes(StandardCharsets.UTF_8));
            return "tj-" + HexFormat.of().formatHex(digest, 0, 10);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 unavailable", e);
        }
    }

    private static void write(JsonNode node, StringBuilder out, Set<String> ignoredLabelKeys, boolean top) {
        if (node.isObject()) {
            List<String> names = new ArrayList<>();
            node.fieldNames().forEachRemaining(names::add);
            names.sort(null);
            out.append('{');
            for (String name : names) {
                out.append(quote(name)).append(':');
                JsonNode value = node.get(name);
                if (top && name.equals("labels") && value.isArray()) {
                    writeLabels(value, out, ignoredLabelKeys);
                } else {
                    write(value, out, ignoredLabelKeys, false);
                }
                out.append(',');
            }
            out.append('}');
        } else if (node.isArray()) {
            out.append('[');
            for (JsonNode item : node) {
                write(item, out, ignoredLabelKeys, false);
                out.append(',');
            }
            out.append(']');
        } else {
            out.append(node.toString());
        }
    }

    private static void writeLabels(JsonNode labels, StringBuilder out, Set<String> ignored) {
        out.append('[');
        for (JsonNode label : labels) {
            if (!ignored.contains(label.path("key").asText(""))) {
                write(label, out, ignored, false);
                out.append(',');
            }
        }
        out.append(']');
    }

    private static String quote(String s) {
        return com.fasterxml.jackson.databind.node.TextNode.valueOf(s).toString();
    }
}
