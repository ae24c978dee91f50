package io.jenkins.plugins.trainingjob.core.platform;

import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The value of the spec-digest label: the spec's digest and an HMAC-SHA256, keyed with the caller's secret
 * key, over the client token and that digest ({@code <16 hex digits>.<40 hex digits>}, a valid label value).
 * AIHC labels are data anyone who may create jobs in the queue writes; only a holder of the same key (the
 * same trust domain) can write this value for a token, so a job whose label does not verify was not
 * created with this key and is never taken for ours (security review 2, N2). SenseCore jobs carry no labels:
 * the same value rides in the job's client-token env entry ({@code SenseCoreJobSpec.CLIENT_TOKEN_ENV}).
 *
 * <p>It binds token and digest, not the job: a co-tenant can copy a verified pair onto a job of its own
 * under the same token. The clients therefore also compare the job's own detail (AIHC) or document
 * (SenseCore) with the spec.
 */
public final class SignedDigestLabel {

    /** 160 bits of the MAC: the label value stays within 63 characters. */
    private static final int MAC_HEX_DIGITS = 40;

    private static final Pattern SHAPE = Pattern.compile("([0-9a-f]{16})\\.([0-9a-f]{" + MAC_HEX_DIGITS + "})");
    private static final String CONTEXT = "trainingjob.jenkins.io/spec-digest v1\n";

    private SignedDigestLabel() {}

    /** The label value for {@code digest} of a job created under {@code clientToken} with {@code secretKey}. */
    public static String value(String secretKey, String clientToken, String digest) {
        return digest + "." + mac(secretKey, clientToken, digest);
    }

    /**
     * The digest the label carries, when its MAC is this key's over {@code clientToken} and that digest;
     * empty for a label another key wrote, a plain digest (a release before the signature) or no label.
     */
    public static Optional<String> verifiedDigest(String secretKey, String clientToken, String labelValue) {
        var m = SHAPE.matcher(labelValue == null ? "" : labelValue);
        if (!m.matches()) {
            return Optional.empty();
        }
        String expected = mac(secretKey, clientToken, m.group(1));
        boolean same = MessageDigest.isEqual(
                expected.getBytes(StandardCharsets.US_ASCII), m.group(2).getBytes(StandardCharsets.US_ASCII));
        return same ? Optional.of(m.group(1)) : Optional.empty();
    }

    private static String mac(String secretKey, String clientToken, String digest) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secretKey.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            byte[] sum = mac.doFinal((CONTEXT + clientToken + "\n" + digest).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(sum).substring(0, MAC_HEX_DIGITS);
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            // Every Java 17 runtime has HmacSHA256, and any non-empty key is valid for it.
            throw new IllegalStateException("HmacSHA256 unavailable", e);
        }
    }
}
