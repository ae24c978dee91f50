/*
 * Mirrors jenkinsci/jenkins core/src/main/java/hudson/model/listeners/ItemListener.java
 * at 4d8ef2fcf426. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package hudson.model.listeners;

import hudson.ExtensionPoint;

public class ItemListener implements ExtensionPoint {
    public void onBeforeShutdown() {}
}
