/*
 * Mirrors jenkinsci/jenkins core/src/main/java/hudson/model/InvisibleAction.java
 * at 4d8ef2fcf426. Signature stub for compiling the plugin offline. Never packaged.
 */
package hudson.model;

/**
 * An action with no icon, no display name and (unless a subclass gives one) no URL. The bodies return
 * {@code null} as upstream does: they need no controller (see the behaviour audit in README.md).
 */
public abstract class InvisibleAction implements Action {
    @Override
    public final String getIconFileName() {
        return null;
    }

    @Override
    public final String getDisplayName() {
        return null;
    }

    @Override
    public String getUrlName() {
        return null;
    }
}
