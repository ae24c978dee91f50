/*
 * Mirrors jenkinsci/jenkins core/src/main/java/hudson/model/Descriptor.java
 * at 4d8ef2fcf426. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package hudson.model;

import jenkins.model.Jenkins;
import net.sf.json.JSONObject;
import org.kohsuke.stapler.StaplerRequest2;

public abstract class Descriptor<T extends Describable<T>> {
    protected Descriptor() {}

    public String getDisplayName() {
        throw new UnsupportedOperationException("stub");
    }

    /**
     * Upstream binds {@code formData} to a new instance through Stapler, calling a nested describable's own
     * {@code newInstance} where its descriptor overrides it ({@code NewInstanceBindInterceptor}).
     */
    public T newInstance(StaplerRequest2 req, JSONObject formData) throws FormException {
        throw new UnsupportedOperationException("stub");
    }

    public boolean configure(StaplerRequest2 req, JSONObject json) throws FormException {
        throw new UnsupportedOperationException("stub");
    }

    /**
     * Upstream writes {@code getConfigFile()}, which is {@code JENKINS_HOME/<id>.xml} through
     * {@code Jenkins.get().getRootDir()}: outside a controller that throws, and so does this.
     */
    public void save() {
        Jenkins.get();
    }

    /** As {@link #save()}: upstream reads {@code getConfigFile()}, which needs {@code Jenkins.get()}. */
    public void load() {
        Jenkins.get();
    }

    /** Keeps its field, as the real one does, so plugin code that names the field can be unit-tested. */
    public static final class FormException extends Exception {
        private static final long serialVersionUID = 1L;
        private final String formField;

        public FormException(String message, String formField) {
            super(message);
            this.formField = formField;
        }

        public String getFormField() {
            return formField;
        }
    }
}
