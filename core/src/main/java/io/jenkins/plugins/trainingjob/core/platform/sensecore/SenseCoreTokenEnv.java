package io.jenkins.plugins.trainingjob.core.platform.sensecore;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jenkins.plugins.trainingjob.core.platform.SignedDigestLabel;
import io.jenkins.plugins.trainingjob.core.spec.SenseCoreJobSpec;
import io.jenkins.plugins.trainingjob.core.spec.SpecDigest;
import java.util.Optional;
import java.util.Set;

/**
 * The client-token entry of a SenseCore job's env ({@value SenseCoreJobSpec#CLIENT_TOKEN_ENV}): ACP keeps no
 * labels and finds a job only by its name, so the create body carries the token and this key's signature
 * over it and the digest of the body ({@link SignedDigestLabel}), as {@code <token> <digest>.<mac>}. ACP
 * echoes a job's env in its document, so a look-up reads which submission made a job from the job itself,
 * and a job whose whole document carries the body with this entry was created with this key from this spec.
 */
final class SenseCoreTokenEnv {

    private SenseCoreTokenEnv() {}

    /** {@code body} (a spec's, named already) with the entry for {@code clientToken} added last. */
    static ObjectNode with(ObjectNode body, String clientToken, String secretKey) {
        String digest = SpecDigest.of(body, Set.of());
        JsonNode existing = body.get("env");
        ArrayNode env = existing instanceof ArrayNode a ? a : body.putArray("env");
        env.addObject()
                .put("key", SenseCoreJobSpec.CLIENT_TOKEN_ENV)
                .put("value", clientToken + " " + SignedDigestLabel.value(secretKey, clientToken, digest));
        return body;
    }

    /** The client token a job's document says it was created under, or empty when it carries no entry. */
    static Optional<String> token(JsonNode document) {
        for (JsonNode e : WireValues.array(document, "env")) {
            if (SenseCoreJobSpec.CLIENT_TOKEN_ENV.equals(WireValues.text(e, "key"))) {
                String value = WireValues.text(e, "value");
                int blank = value.indexOf(' ');
                return blank > 0 ? Optional.of(value.substring(0, blank)) : Optional.empty();
            }
        }
        return Optional.empty();
    }

    /** Whether the entry's signature over its token (whatever digest) was made with {@code secretKey}. */
    static boolean signedWith(JsonNode document, String secretKey) {
        for (JsonNode e : WireValues.array(document, "env")) {
            if (SenseCoreJobSpec.CLIENT_TOKEN_ENV.equals(WireValues.text(e, "key"))) {
                String value = WireValues.text(e, "value");
                int blank = value.indexOf(' ');
                return blank > 0
                        && SignedDigestLabel.verifiedDigest(
                                        secretKey, value.substring(0, blank), value.substring(blank + 1))
                                .isPresent();
            }
        }
        return false;
    }
}
