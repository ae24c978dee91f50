package io.jenkins.plugins.trainingjob;

import static org.assertj.core.api.Assertions.assertThat;

import hudson.model.Describable;
import hudson.model.Descriptor;
import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.w3c.dom.Attr;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NamedNodeMap;
import org.w3c.dom.Node;
import org.w3c.dom.ProcessingInstruction;
import org.xml.sax.SAXException;

/**
 * What Jenkins would only find when a page is opened, checked for every view the plugin ships: each
 * {@code .jelly} file is well-formed XML and declares {@code <?jelly escape-by-default='true'?>} (so
 * platform strings in {@code ${}} are escaped); each {@code ${it.x}}, {@code ${instance.x}} and
 * {@code ${var.x}} of a {@code j:forEach} resolves to a getter, field or method of the class it stands
 * for; each form {@code field="x"} has a getter, a binding (constructor parameter or
 * {@code @DataBoundSetter}) and help in English and Chinese; each drop-down has its {@code doFill...Items}. Views are found by scanning the compiled
 * plugin, so new views and fields are covered without touching this test.
 */
class JellyViewsContractTest {
    private static final String PACKAGE = "io.jenkins.plugins.trainingjob.";
    /** The project's second language (see UiResourcesCompletenessTest). */
    private static final String CHINESE = "_zh_CN";

    private static final String FORM = "/lib/form";
    private static final String CORE = "jelly:core";
    private static final String CREDENTIALS = "/lib/credentials";
    private static final Pattern EXPRESSION = Pattern.compile("\\$\\{([^}]*)}");
    /** A chain of properties or calls starting at a name: {@code it.files.entrySet()}. */
    private static final Pattern CHAIN = Pattern.compile("(?<![\\w.%])([A-Za-z_]\\w*)((?:\\.\\w+(?:\\(\\))?)+)");

    private static final Pattern SEGMENT = Pattern.compile("\\.(\\w+)(\\(\\))?");
    /** A project action's views, which the job page includes with the job as {@code it}. */
    private static final List<String> PROJECT_VIEWS = List.of("floatingBox.jelly", "jobMain.jelly");

    @Test
    void theScanFindsEveryView() throws Exception {
        assertThat(views())
                .extracting(JellyViewsContractTest::relative)
                .contains(
                        "index.jelly",
                        "io/jenkins/plugins/trainingjob/TrainingJobConfiguration/config.jelly",
                        "io/jenkins/plugins/trainingjob/report/ScheduleDiagnosisAction/index.jelly",
                        "io/jenkins/plugins/trainingjob/report/PendingTimeAction/summary.jelly",
                        "io/jenkins/plugins/trainingjob/report/ScheduleDiagnosisAction/summary.jelly",
                        "io/jenkins/plugins/trainingjob/steps/SubmitTrainingJobStep/config.jelly");
    }

    @TestFactory
    Stream<DynamicTest> everyViewIsWellFormedAndEscapesByDefault() throws Exception {
        return views().stream()
                .map(v -> DynamicTest.dynamicTest(relative(v), () -> {
                    Document d = parse(v);
                    assertThat(escapesByDefault(d))
                            .as("%s declares <?jelly escape-by-default='true'?> before its root", relative(v))
                            .isTrue();
                }));
    }

    /**
     * Jenkins sends a Content-Security-Policy without {@code 'unsafe-inline'} (report-only by default,
     * enforced when an administrator says so): styles go in {@code src/main/webapp/css}, behaviour in
     * adjuncts, never in the page (review N3).
     */
    @TestFactory
    Stream<DynamicTest> noViewHasInlineStylesOrScripts() throws Exception {
        return views().stream()
                .map(v -> DynamicTest.dynamicTest(relative(v), () -> {
                    String text = java.nio.file.Files.readString(v);
                    assertThat(text)
                            .as("%s: inline style attribute", relative(v))
                            .doesNotContainPattern("(?i)\\sstyle\\s*=")
                            .as("%s: inline script", relative(v))
                            .doesNotContainPattern("(?i)<script")
                            .as("%s: inline event handler", relative(v))
                            .doesNotContainPattern("(?i)\\son[a-z]+\\s*=");
                }));
    }

    @TestFactory
    Stream<DynamicTest> everyExpressionResolvesOnItsClass() throws Exception {
        return views().stream()
                .map(v -> DynamicTest.dynamicTest(relative(v), () -> {
                    List<String> problems = new ArrayList<>();
                    Map<String, Type> scope = new HashMap<>();
                    Class<?> owner = owner(v);
                    if (owner != null && PROJECT_VIEWS.contains(v.getFileName().toString())) {
                        // core's projectActionFloatingBox.jelly includes the view with from="${a}": `it` stays
                        // the job; the action is `from` (Stapler's IncludeTag) and `action` (core sets it)
                        scope.put("it", hudson.model.Job.class);
                        scope.put("from", owner);
                        scope.put("action", owner);
                    } else if (owner != null) {
                        boolean describableConfig =
                                Describable.class.isAssignableFrom(owner) && !Descriptor.class.isAssignableFrom(owner);
                        scope.put("it", describableConfig ? descriptorOf(owner) : owner);
                        if (describableConfig) {
                            scope.put("instance", owner);
                        }
                    }
                    check(parse(v).getDocumentElement(), scope, problems);
                    assertThat(problems)
                            .as("%s: expressions that resolve to nothing", relative(v))
                            .isEmpty();
                }));
    }

    @TestFactory
    Stream<DynamicTest> everyFormFieldHasAGetterABindingAndHelpInBothLanguages() throws Exception {
        return views().stream()
                .filter(v -> owner(v) != null)
                .map(v -> DynamicTest.dynamicTest(relative(v), () -> {
                    Class<?> owner = owner(v);
                    List<String> problems = new ArrayList<>();
                    List<String> fields = new ArrayList<>();
                    collectFields(parse(v).getDocumentElement(), fields);
                    if (fields.isEmpty()) {
                        return;
                    }
                    DataBoundModel model = new DataBoundModel(owner);
                    for (String field : fields) {
                        if (model.reader(field) == null) {
                            problems.add(field + ": no getter on " + owner.getSimpleName());
                        }
                        if (!model.parameters.containsKey(field)) {
                            problems.add(
                                    field + ": neither a @DataBoundConstructor parameter nor a @DataBoundSetter of "
                                            + owner.getSimpleName());
                        }
                        for (String language : List.of("", CHINESE)) {
                            String help = "help-" + field + language + ".html";
                            if (!helpExists(owner, help)) {
                                problems.add(field + ": no " + help);
                            }
                        }
                    }
                    assertThat(problems).as("%s: form fields", relative(v)).isEmpty();
                }));
    }

    /**
     * A drop-down ({@code f:select}, {@code f:combobox}, credentials' {@code c:select}) asks the descriptor
     * for its items: core's {@code Descriptor.calcFillSettings} throws when {@code doFill<Field>Items} is not
     * a public method of it, and the page fails to render.
     */
    @TestFactory
    Stream<DynamicTest> everyDropDownHasAFillMethodOnItsDescriptor() throws Exception {
        return views().stream()
                .filter(v -> owner(v) != null)
                .map(v -> DynamicTest.dynamicTest(relative(v), () -> {
                    Class<?> owner = owner(v);
                    Class<?> descriptor = Descriptor.class.isAssignableFrom(owner) ? owner : null;
                    List<String> dropDowns = new ArrayList<>();
                    collectDropDowns(parse(v).getDocumentElement(), null, dropDowns);
                    List<String> problems = new ArrayList<>();
                    for (String field : dropDowns) {
                        if (descriptor == null) {
                            descriptor = descriptorOf(owner);
                        }
                        String method =
                                "doFill" + Character.toTitleCase(field.charAt(0)) + field.substring(1) + "Items";
                        if (Stream.of(descriptor.getMethods())
                                .noneMatch(m -> m.getName().equals(method))) {
                            problems.add(field + ": " + descriptor.getName() + " has no public " + method);
                        }
                    }
                    assertThat(problems)
                            .as("%s: drop-downs without items", relative(v))
                            .isEmpty();
                }));
    }

    // --- escape-by-default

    private static boolean escapesByDefault(Document d) {
        for (Node n = d.getFirstChild(); n != null && n != d.getDocumentElement(); n = n.getNextSibling()) {
            if (n instanceof ProcessingInstruction pi
                    && pi.getTarget().equals("jelly")
                    && pi.getData().replace('"', '\'').replaceAll("\\s", "").contains("escape-by-default='true'")) {
                return true;
            }
        }
        return false;
    }

    // --- expressions

    private static void check(Element e, Map<String, Type> scope, List<String> problems) {
        NamedNodeMap attributes = e.getAttributes();
        for (int i = 0; i < attributes.getLength(); i++) {
            checkText(((Attr) attributes.item(i)).getValue(), scope, problems);
        }
        Map<String, Type> inner = scope;
        if (CORE.equals(e.getNamespaceURI()) && "forEach".equals(e.getLocalName()) && e.hasAttribute("var")) {
            inner = new HashMap<>(scope);
            inner.put(e.getAttribute("var"), elementType(e.getAttribute("items"), scope));
        }
        for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element child) {
                check(child, inner, problems);
            } else if (n.getNodeType() == Node.TEXT_NODE || n.getNodeType() == Node.CDATA_SECTION_NODE) {
                checkText(n.getNodeValue(), inner, problems);
            }
        }
    }

    private static void checkText(String text, Map<String, Type> scope, List<String> problems) {
        Matcher expressions = EXPRESSION.matcher(text);
        while (expressions.find()) {
            String expression = expressions.group(1);
            if (expression.startsWith("%")) {
                continue; // a localized message
            }
            Matcher chain = CHAIN.matcher(expression);
            while (chain.find()) {
                if (scope.containsKey(chain.group(1))) {
                    String problem =
                            resolve(chain.group(1), chain.group(2), scope).problem();
                    if (problem != null) {
                        problems.add("${" + expression + "}: " + problem);
                    }
                }
            }
        }
    }

    /** The type an expression ends at (null when unknown), or why it does not resolve. */
    private record Resolution(Type type, String problem) {}

    private static Resolution resolve(String root, String segments, Map<String, Type> scope) {
        Type current = scope.get(root);
        Matcher s = SEGMENT.matcher(segments);
        String path = root;
        while (s.find() && current != null) {
            Class<?> c = DataBoundModel.erase(current);
            String name = s.group(1);
            boolean call = s.group(2) != null;
            Type next = call ? method(c, name) : property(c, name);
            if (next == null) {
                if (!call && Map.class.isAssignableFrom(c)) {
                    return new Resolution(null, null); // a map key: any name goes
                }
                return new Resolution(
                        null,
                        path + "." + name + (call ? "()" : "") + " is no public "
                                + (call ? "method" : "getter or field") + " of " + c.getName());
            }
            current = next == Void.class ? null : next;
            path += "." + name + (call ? "()" : "");
        }
        return new Resolution(current, null);
    }

    private static Type method(Class<?> c, String name) {
        for (Method m : c.getMethods()) {
            if (m.getName().equals(name) && m.getParameterCount() == 0) {
                return known(m.getGenericReturnType());
            }
        }
        return null;
    }

    private static Type property(Class<?> c, String name) {
        String capitalized = Character.toUpperCase(name.charAt(0)) + name.substring(1);
        for (String getter : List.of("get" + capitalized, "is" + capitalized)) {
            Type t = method(c, getter);
            if (t != null) {
                return t;
            }
        }
        try {
            return known(c.getField(name).getGenericType());
        } catch (NoSuchFieldException e) {
            return null;
        }
    }

    /** Types the test can follow further; a type variable or wildcard ends the check (Void marks it). */
    private static Type known(Type t) {
        return t instanceof Class<?> || t instanceof ParameterizedType ? t : Void.class;
    }

    /** The element type of a {@code j:forEach}'s items, when the items are a typed collection. */
    private static Type elementType(String items, Map<String, Type> scope) {
        Matcher expression = EXPRESSION.matcher(items);
        if (!expression.matches()) {
            return null;
        }
        Matcher chain = CHAIN.matcher(expression.group(1).trim());
        if (!chain.matches() || !scope.containsKey(chain.group(1))) {
            return null;
        }
        Type t = resolve(chain.group(1), chain.group(2), scope).type();
        if (t instanceof ParameterizedType pt
                && pt.getRawType() instanceof Class<?> raw
                && Iterable.class.isAssignableFrom(raw)) {
            Type element = pt.getActualTypeArguments()[0];
            return element instanceof Class<?> || element instanceof ParameterizedType ? element : null;
        }
        return null;
    }

    // --- form fields

    private static void collectFields(Element e, List<String> fields) {
        if (FORM.equals(e.getNamespaceURI()) && e.hasAttribute("field") && !fields.contains(e.getAttribute("field"))) {
            fields.add(e.getAttribute("field"));
        }
        for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element child) {
                collectFields(child, fields);
            }
        }
    }

    /** Fields of the drop-downs: their own {@code field}, or the enclosing {@code f:entry}'s. */
    private static void collectDropDowns(Element e, String entryField, List<String> fields) {
        String field = entryField;
        if (FORM.equals(e.getNamespaceURI()) && "entry".equals(e.getLocalName()) && e.hasAttribute("field")) {
            field = e.getAttribute("field");
        }
        boolean dropDown = FORM.equals(e.getNamespaceURI())
                        && ("select".equals(e.getLocalName()) || "combobox".equals(e.getLocalName()))
                || CREDENTIALS.equals(e.getNamespaceURI()) && "select".equals(e.getLocalName());
        if (dropDown) {
            String own = e.hasAttribute("field") ? e.getAttribute("field") : field;
            if (own != null && !fields.contains(own)) {
                fields.add(own);
            }
        }
        for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element child) {
                collectDropDowns(child, field, fields);
            }
        }
    }

    /** Jenkins looks for a field's help next to the class's views, then next to its superclasses'. */
    private static boolean helpExists(Class<?> c, String file) {
        for (Class<?> k = c; k != null && k.getName().startsWith(PACKAGE); k = k.getSuperclass()) {
            if (Files.exists(root().resolve(k.getName().replace('.', '/').replace('$', '/'))
                    .resolve(file))) {
                return true;
            }
        }
        return false;
    }

    // --- views and their classes

    private static Document parse(Path view) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        f.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
        DocumentBuilder b = f.newDocumentBuilder();
        b.setErrorHandler(null);
        try {
            return b.parse(view.toFile());
        } catch (SAXException e) {
            throw new AssertionError(relative(view) + " is not well-formed XML: " + e.getMessage(), e);
        }
    }

    /** The class whose view this is: its folder names the class; {@code null} for the plugin's own index. */
    private static Class<?> owner(Path view) {
        Path dir = root().relativize(view.getParent());
        if (dir.getNameCount() == 0 || dir.toString().isEmpty()) {
            return null;
        }
        String name = dir.toString().replace(java.io.File.separatorChar, '.');
        while (true) {
            try {
                return Class.forName(name, false, JellyViewsContractTest.class.getClassLoader());
            } catch (ClassNotFoundException e) {
                int dot = name.lastIndexOf('.');
                if (dot < 0) {
                    throw new AssertionError(relative(view) + " sits in no class's folder");
                }
                name = name.substring(0, dot) + "$" + name.substring(dot + 1); // a nested class
                if (name.indexOf('.') < 0) {
                    throw new AssertionError(relative(view) + " sits in no class's folder");
                }
            }
        }
    }

    /** In a describable's config page, {@code it} is its descriptor (the nested class Jenkins registers). */
    private static Class<?> descriptorOf(Class<?> describable) {
        for (Class<?> inner : describable.getDeclaredClasses()) {
            if (Descriptor.class.isAssignableFrom(inner) && !Modifier.isAbstract(inner.getModifiers())) {
                return inner;
            }
        }
        throw new AssertionError(describable.getName() + " has a config page but no nested descriptor");
    }

    private static List<Path> views() throws IOException {
        try (Stream<Path> all = Files.walk(root())) {
            return all.filter(p -> p.getFileName().toString().endsWith(".jelly"))
                    .sorted()
                    .toList();
        }
    }

    private static Path root() {
        try {
            return Path.of(TrainingJobConfiguration.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String relative(Path p) {
        return root().relativize(p).toString().replace(java.io.File.separatorChar, '/');
    }
}
