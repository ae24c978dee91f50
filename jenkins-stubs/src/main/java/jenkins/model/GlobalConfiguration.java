/*
 * Mirrors jenkinsci/jenkins core/src/main/java/jenkins/model/GlobalConfiguration.java
 * at 4d8ef2fcf426. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package jenkins.model;

import hudson.ExtensionPoint;
import hudson.model.Describable;
import hudson.model.Descriptor;
import net.sf.json.JSONObject;
import org.kohsuke.stapler.StaplerRequest2;

public abstract class GlobalConfiguration extends Descriptor<GlobalConfiguration>
        implements ExtensionPoint, Describable<GlobalConfiguration> {
    protected GlobalConfiguration() {}

    @Override
    public final Descriptor<GlobalConfiguration> getDescriptor() {
        return this; // as upstream: a global configuration is its own descriptor
    }

    @Override
    public boolean configure(StaplerRequest2 req, JSONObject json) throws FormException {
        throw new UnsupportedOperationException("stub");
    }
}
