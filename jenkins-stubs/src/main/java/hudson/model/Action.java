/*
 * Mirrors jenkinsci/jenkins core/src/main/java/hudson/model/Action.java
 * at 4d8ef2fcf426. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package hudson.model;

public interface Action extends ModelObject {
    String getIconFileName();

    @Override
    String getDisplayName();

    String getUrlName();
}
