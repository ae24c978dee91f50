package io.jenkins.plugins.trainingjob;

import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import org.kohsuke.accmod.Restricted;
import org.kohsuke.accmod.restrictions.NoExternalUse;

/**
 * Bad input for one field of a form (or of Configuration as Code): the message names the rule, {@link
 * #field()} the form field it belongs to, so a rejected save shows the error on that field.
 */
@Restricted(NoExternalUse.class)
public class InvalidFieldException extends InvalidInputException {
    private static final long serialVersionUID = 1L;

    public InvalidFieldException(String field, String message) {
        super(field, reasonIn(field, message), message);
    }
}
