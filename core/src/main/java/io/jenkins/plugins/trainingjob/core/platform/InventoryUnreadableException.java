package io.jenkins.plugins.trainingjob.core.platform;

import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;

/**
 * The pool inventory could not be read (no permission, not served, this client does not read one).
 * Nothing else depends on it: a pre-flight check is skipped and a diagnosis is reported without the
 * join, each saying so with this message ({@code inventory not readable: <reason>}).
 */
public class InventoryUnreadableException extends PlatformException {
    private static final long serialVersionUID = 1L;

    public InventoryUnreadableException(FailedCall call, String reason, Throwable cause) {
        super(call, "inventory not readable: " + reason, cause);
    }

    /** Not readable for a reason of this side (no pool named, a client that reads none): no call was made. */
    public static InventoryUnreadableException notReadable(PlatformKind platform, String operation, String reason) {
        return new InventoryUnreadableException(FailedCall.unanswered(platform, operation), reason, null);
    }

    /** Wraps a refusal (403, 404) of an inventory call. */
    public static InventoryUnreadableException of(PlatformException e) {
        String reason = e.httpStatus() == 403
                ? "this access key may not read it"
                : e.httpStatus() == 404 ? "not found or not served" : "refused";
        return new InventoryUnreadableException(e.call(), reason, e);
    }
}
