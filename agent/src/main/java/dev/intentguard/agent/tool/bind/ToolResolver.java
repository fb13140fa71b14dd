package dev.intentguard.agent.tool.bind;

import dev.intentguard.agent.config.ConfigProblem;
import dev.intentguard.agent.config.DiscoverSettings;
import dev.intentguard.agent.config.Effect;
import dev.intentguard.agent.config.MethodRef;
import dev.intentguard.agent.config.ToolSpec;
import dev.intentguard.agent.key.ArgumentRef;
import dev.intentguard.agent.key.KeyRecipe;
import net.bytebuddy.description.annotation.AnnotationDescription;
import net.bytebuddy.description.annotation.AnnotationList;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.method.ParameterDescription;
import net.bytebuddy.description.method.ParameterList;
import net.bytebuddy.description.type.TypeDefinition;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.pool.TypePool;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Decides which methods of a type are tools and how their arguments form the key. It works on Byte
 * Buddy type descriptions read from class files, so the same code serves class loading, the start-up
 * check and {@code java -jar intentguard-agent.jar check} without loading any application class.
 */
public final class ToolResolver {
    public static final String SIDE_EFFECT = "dev.intentguard.api.SideEffect";
    public static final String IDEMPOTENT = "dev.intentguard.api.Idempotent";
    static final String READ_ONLY = "dev.intentguard.api.ReadOnly";
    static final String INTENT_KEY = "dev.intentguard.api.IntentKey";
    /** LangChain4j's {@code @Tool} (attributes {@code name}, {@code value} = description). */
    public static final String LANGCHAIN4J_TOOL = "dev.langchain4j.agent.tool.Tool";
    /** Spring AI's {@code @Tool} (attributes {@code name}, {@code description}). */
    public static final String SPRING_AI_TOOL = "org.springframework.ai.tool.annotation.Tool";

    private final ToolCatalog catalog;

    public ToolResolver(ToolCatalog catalog) {
        this.catalog = catalog;
    }

    /** One method found to be a tool: bound, or with the problem that keeps it from being bound. */
    public static final class Resolved {
        public final MethodDescription method;
        public final ToolDefinition tool;
        public final KeyRecipe recipe;
        public final CheckRecipe check;
        public final ReturnShape shape;
        public final ConfigProblem.Issue problem;

        Resolved(MethodDescription method, ToolDefinition tool, KeyRecipe recipe, ReturnShape shape, ConfigProblem.Issue problem) {
            this(method, tool, recipe, null, shape, problem);
        }

        Resolved(MethodDescription method, ToolDefinition tool, KeyRecipe recipe, CheckRecipe check, ReturnShape shape,
                 ConfigProblem.Issue problem) {
            this.method = method;
            this.tool = tool;
            this.recipe = recipe;
            this.check = check;
            this.shape = shape;
            this.problem = problem;
        }
    }

    /**
     * The tools of class {@code name} as its weaving will find them, read from its class file through {@code loader} as
     * the weaver reads it (a type pool, not the weaving machinery): for a class that is loaded but not woven yet.
     */
    public List<Resolved> resolveClassFile(ClassLoader loader, String name) {
        ClassFileLocator locator = loader == null ? ClassFileLocator.ForClassLoader.ofBootLoader()
                : ClassFileLocator.ForClassLoader.of(loader);
        TypePool pool = new TypePool.Default.WithLazyResolution(new TypePool.CacheProvider.Simple(), locator,
                TypePool.Default.ReaderMode.EXTENDED);
        return resolve(pool.describe(name).resolve());
    }

    /** The tool methods a class declares (methods with bodies only: what can be instrumented). */
    public List<Resolved> resolve(TypeDescription type) {
        List<Resolved> out = new ArrayList<>();
        List<ToolSpec> direct = catalog.specsFor(type.getName());
        List<TypeDescription> supertypes = configuredSupertypes(type);
        for (MethodDescription.InDefinedShape m : type.getDeclaredMethods()) {
            if (!m.isMethod() || m.isAbstract() || m.isBridge() || m.isSynthetic() || m.isNative()) {
                continue;
            }
            Resolved r = resolveMethod(type, m, direct, supertypes);
            if (r != null) {
                out.add(r);
            }
        }
        for (ToolSpec spec : direct) {
            ConfigProblem.Issue problem = directProblem(type, spec);
            if (problem == null) {
                continue;
            }
            ToolDefinition def = catalog.definition(spec);
            boolean attached = false;
            for (int i = 0; i < out.size(); i++) {
                Resolved r = out.get(i);
                if (r.tool == def && r.method != null) {
                    // an ambiguous entry guards none of the overloads as configured: fail-closed refuses them
                    out.set(i, new Resolved(r.method, def, null, r.shape, problem));
                    attached = true;
                }
            }
            if (!attached) {
                out.add(new Resolved(null, def, null, null, problem));
            }
        }
        return out;
    }

    /** What is wrong with a config entry that names {@code type} itself, or {@code null}. */
    private static ConfigProblem.Issue directProblem(TypeDescription type, ToolSpec spec) {
        MethodRef ref = spec.method();
        List<MethodDescription> declared = new ArrayList<>();
        for (MethodDescription d : type.getDeclaredMethods()) {
            if (d.isMethod() && !d.isBridge() && !d.isSynthetic() && d.getName().equals(ref.methodName()) && parametersMatch(ref, d)) {
                declared.add(d);
            }
        }
        if (declared.size() > 1) {
            List<String> signatures = new ArrayList<>();
            for (MethodDescription d : declared) {
                signatures.add(signature(d));
            }
            return new ConfigProblem.Issue(spec.line(), type.getName() + "#" + ref.methodName() + " is overloaded ("
                    + String.join("; ", signatures) + ")",
                    "add the parameter types, e.g. method: " + type.getName() + "#" + ref.methodName()
                            + "(" + parameterList(declared.get(0)) + ")");
        }
        if (!declared.isEmpty()) {
            return null;
        }
        MethodDescription inherited = findInHierarchy(type, ref);
        if (inherited == null) {
            return new ConfigProblem.Issue(spec.line(), type.getName() + " has no method " + describe(ref),
                    "name an existing method" + alternatives(type, ref.methodName()));
        }
        if (!inherited.isAbstract() && !type.isInterface()) {
            String owner = inherited.getDeclaringType().asErasure().getName();
            return new ConfigProblem.Issue(spec.line(), ref.methodName() + " is not declared by " + type.getName()
                    + " but inherited from " + owner, "name the class that implements it: method: " + owner + "#" + ref.methodName());
        }
        return null;
    }

    private static String parameterList(MethodDescription m) {
        List<String> names = new ArrayList<>();
        for (TypeDescription t : m.getParameters().asTypeList().asErasures()) {
            names.add(t.getActualName());
        }
        return String.join(",", names);
    }

    private Resolved resolveMethod(TypeDescription type, MethodDescription m, List<ToolSpec> direct, List<TypeDescription> supertypes) {
        for (ToolSpec spec : direct) {
            if (spec.method().methodName().equals(m.getName()) && parametersMatch(spec.method(), m)) {
                return bind(m, catalog.definition(spec), names(m, null), spec.keyLine(), spec.excludeLine());
            }
        }
        if (!m.isStatic() && !m.isPrivate()) {
            for (TypeDescription supertype : supertypes) {
                for (ToolSpec spec : catalog.specsFor(supertype.getName())) {
                    MethodDescription declared = overridden(supertype, spec.method(), m);
                    if (declared != null) {
                        return bind(m, catalog.definition(spec), names(m, declared), spec.keyLine(), spec.excludeLine());
                    }
                }
            }
        }
        return annotated(type, m);
    }

    private Resolved annotated(TypeDescription type, MethodDescription m) {
        AnnotationList annotations = m.getDeclaredAnnotations();
        Effect effect = null;
        AnnotationDescription tool = null;
        for (AnnotationDescription a : annotations) {
            String name = a.getAnnotationType().getName();
            if (SIDE_EFFECT.equals(name)) {
                effect = Effect.SIDE_EFFECT;
                tool = a;
            } else if (IDEMPOTENT.equals(name)) {
                effect = Effect.IDEMPOTENT;
                tool = a;
            } else if (READ_ONLY.equals(name) && effect == null) {
                effect = Effect.READ;
            }
        }
        if (effect == Effect.READ) {
            return null;
        }
        if (effect == null) {
            return discovered(type, m, annotations);
        }
        String name = stringValue(tool, "name");
        List<String> key = new ArrayList<>(Arrays.asList(stringsValue(tool, "key")));
        List<String> exclude = effect == Effect.SIDE_EFFECT ? Arrays.asList(stringsValue(tool, "exclude")) : List.of();
        if (key.isEmpty()) {
            ParameterList<?> params = m.getParameters();
            for (ParameterDescription p : params) {
                for (AnnotationDescription a : p.getDeclaredAnnotations()) {
                    if (INTENT_KEY.equals(a.getAnnotationType().getName())) {
                        key.add(String.valueOf(p.getIndex()));
                    }
                }
            }
        }
        String toolName = name == null || name.isEmpty() ? m.getName() : name;
        ToolDefinition def = catalog.annotated(toolName, effect, key, exclude,
                "@" + (effect == Effect.SIDE_EFFECT ? "SideEffect" : "Idempotent") + " on " + type.getName() + "#" + m.getName());
        return bind(m, def, names(m, null), def.keyLine(), def.excludeLine());
    }

    /**
     * An agent framework's {@code @Tool} method ({@code discover.langchain4j}, {@code discover.spring-ai}): named like
     * the framework names it (the annotation's {@code name}, else the method's), {@code discover.default-effect}
     * unless a {@code tools:} entry of that name says otherwise (its effect, key, exclude, check win), all arguments
     * as the key unless the entry names some. A tool the entry calls {@code read} is not guarded.
     */
    private Resolved discovered(TypeDescription type, MethodDescription m, AnnotationList annotations) {
        DiscoverSettings discover = catalog.config().discover();
        for (AnnotationDescription a : annotations) {
            String annotation = a.getAnnotationType().getName();
            String framework;
            if (LANGCHAIN4J_TOOL.equals(annotation) && discover.langchain4j()) {
                framework = "LangChain4j";
            } else if (SPRING_AI_TOOL.equals(annotation) && discover.springAi()) {
                framework = "Spring AI";
            } else {
                continue;
            }
            String name = stringValue(a, "name");
            String toolName = name == null || name.isBlank() ? m.getName() : name;
            ToolDefinition def = catalog.annotated(toolName, discover.defaultEffect(), List.of(), List.of(),
                    framework + " @Tool on " + type.getName() + "#" + m.getName());
            return bind(m, def, names(m, null), def.keyLine(), def.excludeLine());
        }
        return null;
    }

    /**
     * Problems of an entry that names an interface or abstract class, checked against the abstract
     * method's own argument names when its class file has them (implementations are checked as they load).
     */
    public List<ConfigProblem.Issue> checkAbstract(TypeDescription type, ToolSpec spec) {
        List<ConfigProblem.Issue> issues = new ArrayList<>();
        for (MethodDescription d : type.getDeclaredMethods()) {
            if (d.isAbstract() && d.getName().equals(spec.method().methodName()) && parametersMatch(spec.method(), d)) {
                String[] names = namesOf(d);
                boolean byName = spec.key().stream().anyMatch(k -> !Character.isDigit(k.charAt(0)))
                        || spec.exclude().stream().anyMatch(k -> !Character.isDigit(k.charAt(0)));
                if (names == null && byName) {
                    continue;
                }
                Resolved r = bind(d, catalog.definition(spec), names, spec.keyLine(), spec.excludeLine());
                if (r != null && r.problem != null) {
                    issues.add(r.problem);
                }
            }
        }
        return issues;
    }

    /** Builds the binding, or the problem (with its config line) that prevents it. */
    private Resolved bind(MethodDescription m, ToolDefinition def, String[] names, int keyLine, int excludeLine) {
        if (def.effect() == Effect.READ) {
            return null;
        }
        int count = m.getParameters().size();
        ReturnShape shape = ReturnShape.of(m.getReturnType().asErasure().getName());
        String deferred = DeferredResults.kind(m.getReturnType().asErasure());
        if (deferred != null) {
            return new Resolved(m, def, null, shape, new ConfigProblem.Issue(keyLine,
                    def.name() + " (" + signature(m) + ") returns a " + m.getReturnType().asErasure().getSimpleName()
                            + " (" + deferred + "): its work happens after the method returns, so the agent cannot see its "
                            + "outcome; asynchronous tools are not guarded",
                    "guard the synchronous method that makes the call, or mark this one effect: read"));
        }
        List<ArgumentRef> key = new ArrayList<>();
        List<ArgumentRef> exclude = new ArrayList<>();
        try {
            if (def.key().isEmpty()) {
                for (int i = 0; i < count; i++) {
                    key.add(new ArgumentRef(i, new String[0], names == null ? String.valueOf(i) : names[i]));
                }
            } else {
                for (String k : def.key()) {
                    key.add(argument(k, names, m, "key", keyLine));
                }
            }
            for (String e : def.exclude()) {
                exclude.add(argument(e, names, m, "exclude", excludeLine));
            }
        } catch (ResolveException e) {
            return new Resolved(m, def, null, shape, e.issue);
        }
        for (ArgumentRef ref : key) {
            String why = KeyReadability.unreadable(m.getParameters().get(ref.index()).getType().asErasure(), ref);
            if (why != null) {
                return new Resolved(m, def, null, shape, new ConfigProblem.Issue(keyLine, def.name() + " (" + signature(m)
                        + "): " + why, ref.wholeArgument()
                        ? "key by a property inside it (key: [" + ref.label() + ".orderId]), or give the class a getter "
                                + "getX() or isX(), a public field or a public method x() for each field x that identifies the action"
                        : "give the class a getter get" + Character.toUpperCase(ref.path()[0].charAt(0)) + ref.path()[0].substring(1)
                                + "(), a public method " + ref.path()[0] + "() or a public field " + ref.path()[0]
                                + ", or key by another property the agent can read"));
            }
        }
        CheckRecipe check = null;
        if (def.check() != null) {
            try {
                check = check(m, def, names, keyLine);
            } catch (ResolveException e) {
                return new Resolved(m, def, null, shape, e.issue);
            }
        }
        if (def.escalate() != null && !hasEscalateMethod(m.getDeclaringType().asErasure(), def.escalate())) {
            return new Resolved(m, def, null, shape, new ConfigProblem.Issue(keyLine, m.getDeclaringType().asErasure().getName()
                    + " has no method " + def.escalate() + "(String intentKey, Map<String, Object> keyArguments) or "
                    + def.escalate() + "(String intentKey) (the escalate method of " + def.name() + ")",
                    "declare it in the tool's class (it is called once per intent that needs a person, on the agent's own "
                            + "thread), or remove escalate:"));
        }
        return new Resolved(m, def, new KeyRecipe(key, count, exclude), check, shape, null);
    }

    /** Whether {@code owner} (or a superclass) declares {@code name(String, Map)} or {@code name(String)}. */
    private static boolean hasEscalateMethod(TypeDescription owner, String name) {
        for (TypeDefinition t = owner; t != null && !t.asErasure().getName().equals("java.lang.Object");
             t = t.getSuperClass() == null ? null : t.getSuperClass()) {
            for (MethodDescription c : t.asErasure().getDeclaredMethods()) {
                if (!c.isMethod() || !c.getName().equals(name)) {
                    continue;
                }
                List<TypeDescription> p = c.getParameters().asTypeList().asErasures();
                if (p.size() >= 1 && p.size() <= 2 && p.get(0).represents(String.class)
                        && (p.size() == 1 || p.get(1).represents(java.util.Map.class))) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The outcome check {@code def.check()} of tool method {@code m}: a method of its class (or a superclass). */
    private static CheckRecipe check(MethodDescription m, ToolDefinition def, String[] toolNames, int line) throws ResolveException {
        TypeDescription owner = m.getDeclaringType().asErasure();
        List<String> seen = new ArrayList<>();
        for (TypeDefinition t = owner; t != null && !t.asErasure().getName().equals("java.lang.Object");
             t = t.getSuperClass() == null ? null : t.getSuperClass()) {
            for (MethodDescription c : t.asErasure().getDeclaredMethods()) {
                if (!c.isMethod() || !c.getName().equals(def.check()) || c.isBridge()) {
                    continue;
                }
                String[] names = namesOf(c);
                seen.add(signature(c));
                if (names == null || toolNames == null) {
                    throw new ResolveException(new ConfigProblem.Issue(line, "check " + def.check() + " is matched to the "
                            + "arguments of " + def.name() + " by name, but argument names are not in the class file of "
                            + owner.getName(), "compile with -parameters (Maven: <parameters>true</parameters>) or with -g"));
                }
                int[] indexes = new int[names.length];
                boolean all = true;
                for (int i = 0; i < names.length && all; i++) {
                    indexes[i] = Arrays.asList(toolNames).indexOf(names[i]);
                    all = indexes[i] >= 0;
                }
                if (!all) {
                    continue;
                }
                TypeDescription returns = c.getReturnType().asErasure();
                String deferred = DeferredResults.kind(returns);
                if (returns.represents(void.class) || deferred != null) {
                    throw new ResolveException(new ConfigProblem.Issue(line, "check " + def.check() + " of " + def.name()
                            + " returns " + (deferred != null ? returns.getSimpleName() + " (" + deferred + ")" : "void")
                            + ": it cannot say whether the effect happened",
                            "return what it found, synchronously: an object (null when not found), an Optional or a "
                                    + "collection (empty when not found), or a boolean"));
                }
                List<TypeDescription> types = c.getParameters().asTypeList().asErasures();
                String[] typeNames = new String[types.size()];
                for (int i = 0; i < typeNames.length; i++) {
                    typeNames[i] = types.get(i).getName();
                }
                return new CheckRecipe(def.check(), indexes, typeNames, c.isStatic(), returns.getActualName());
            }
        }
        throw new ResolveException(new ConfigProblem.Issue(line, seen.isEmpty()
                ? owner.getName() + " has no method " + def.check() + " (the check of " + def.name() + ")"
                : "check " + def.check() + " of " + def.name() + " must take arguments named like those of " + signature(m)
                        + " (" + String.join(", ", toolNames == null ? new String[0] : toolNames) + "); found " + String.join("; ", seen),
                "declare " + def.check() + " in " + owner.getName() + " with parameters named like the tool's key arguments, "
                        + "e.g. " + def.check() + "(String orderId, BigDecimal amount), returning null when the effect did not happen"));
    }

    private static final class ResolveException extends Exception {
        private static final long serialVersionUID = 1L;
        final transient ConfigProblem.Issue issue;

        ResolveException(ConfigProblem.Issue issue) {
            super(issue.message, null, false, false);
            this.issue = issue;
        }
    }

    private static ArgumentRef argument(String ref, String[] names, MethodDescription m, String what, int line)
            throws ResolveException {
        String[] parts = ref.split("\\.");
        String head = parts[0];
        String[] path = Arrays.copyOfRange(parts, 1, parts.length);
        int count = m.getParameters().size();
        int index;
        if (head.chars().allMatch(Character::isDigit)) {
            index = Integer.parseInt(head);
            if (index >= count) {
                throw new ResolveException(new ConfigProblem.Issue(line, what + " \"" + ref + "\" is argument " + index
                        + ", but " + signature(m) + " takes " + count + " argument" + (count == 1 ? "" : "s"),
                        count == 0 ? "this method takes no arguments: remove " + what : "use an index from 0 to " + (count - 1)));
            }
        } else if (names == null) {
            throw new ResolveException(new ConfigProblem.Issue(line, what + " \"" + ref + "\" names an argument, but the argument names of "
                    + signature(m) + " are not in its class file",
                    "compile with -parameters (Maven: <parameters>true</parameters>) or with debug information (-g), "
                            + "or write indexes: " + what + ": [" + indexes(count) + "]"));
        } else {
            index = Arrays.asList(names).indexOf(head);
            if (index < 0) {
                throw new ResolveException(new ConfigProblem.Issue(line, what + " \"" + ref + "\" names no argument of "
                        + signature(m) + "; its arguments are " + String.join(", ", names),
                        count == 0 ? "this method takes no arguments: remove " + what
                                : "write one of " + String.join(", ", names) + " (or an index from 0 to " + (count - 1) + ")"));
            }
        }
        return new ArgumentRef(index, path, ref);
    }

    private static String indexes(int count) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < count; i++) {
            s.append(i == 0 ? "" : ", ").append(i);
        }
        return s.toString();
    }

    /**
     * Parameter names from the class file ({@code -parameters}, or the local variable table of debug
     * information); for an override without them, those of the overridden method. {@code null} if neither
     * has them.
     */
    private static String[] names(MethodDescription m, MethodDescription overridden) {
        String[] own = namesOf(m);
        if (own != null || overridden == null) {
            return own;
        }
        return namesOf(overridden);
    }

    private static String[] namesOf(MethodDescription m) {
        ParameterList<?> params = m.getParameters();
        String[] names = new String[params.size()];
        for (ParameterDescription p : params) {
            if (!p.isNamed()) {
                return params.isEmpty() ? names : null;
            }
            names[p.getIndex()] = p.getName();
        }
        return names;
    }

    /** The configured supertypes (classes or interfaces, transitively) of {@code type}, nearest first. */
    private List<TypeDescription> configuredSupertypes(TypeDescription type) {
        List<TypeDescription> out = new ArrayList<>();
        if (catalog.configuredTypes().isEmpty() || type.isInterface()) {
            return out;
        }
        Set<String> seen = new HashSet<>();
        Deque<TypeDefinition> queue = new ArrayDeque<>();
        enqueueSupertypes(type, queue);
        while (!queue.isEmpty()) {
            TypeDescription t = queue.poll().asErasure();
            if (!seen.add(t.getName()) || t.getName().equals("java.lang.Object")) {
                continue;
            }
            if (catalog.configuredTypes().contains(t.getName())) {
                out.add(t);
            }
            enqueueSupertypes(t, queue);
        }
        return out;
    }

    private static void enqueueSupertypes(TypeDefinition type, Deque<TypeDefinition> queue) {
        TypeDescription.Generic superClass = type.getSuperClass();
        if (superClass != null) {
            queue.add(superClass);
        }
        queue.addAll(type.getInterfaces());
    }

    /** The method of {@code supertype} named by {@code ref} that {@code m} overrides, or {@code null}. */
    private static MethodDescription overridden(TypeDescription supertype, MethodRef ref, MethodDescription m) {
        if (!ref.methodName().equals(m.getName())) {
            return null;
        }
        List<MethodDescription> candidates = new ArrayList<>();
        for (MethodDescription d : supertype.getDeclaredMethods()) {
            if (d.getName().equals(ref.methodName()) && !d.isStatic() && !d.isPrivate() && !d.isBridge()
                    && (ref.parameterTypes() == null || parametersMatch(ref, d))) {
                candidates.add(d);
            }
        }
        for (MethodDescription d : candidates) {
            if (sameErasures(d, m)) {
                return ref.parameterTypes() == null && candidates.size() > 1 ? null : d;
            }
        }
        return null;
    }

    private static boolean sameErasures(MethodDescription a, MethodDescription b) {
        List<TypeDescription> pa = a.getParameters().asTypeList().asErasures();
        List<TypeDescription> pb = b.getParameters().asTypeList().asErasures();
        if (pa.size() != pb.size()) {
            return false;
        }
        for (int i = 0; i < pa.size(); i++) {
            if (!pa.get(i).getName().equals(pb.get(i).getName())) {
                return false;
            }
        }
        return true;
    }

    static boolean parametersMatch(MethodRef ref, MethodDescription m) {
        if (ref.parameterTypes() == null) {
            return true;
        }
        List<TypeDescription> params = m.getParameters().asTypeList().asErasures();
        if (params.size() != ref.parameterTypes().size()) {
            return false;
        }
        for (int i = 0; i < params.size(); i++) {
            String written = ref.parameterTypes().get(i).trim();
            TypeDescription actual = params.get(i);
            if (!written.equals(actual.getName()) && !written.equals(actual.getActualName())
                    && !written.equals(actual.getSimpleName()) && !written.equals(actual.getActualName().replace('$', '.'))) {
                return false;
            }
        }
        return true;
    }

    /** The method {@code ref} names in {@code type}'s supertypes (an interface method counts), or {@code null}. */
    private static MethodDescription findInHierarchy(TypeDescription type, MethodRef ref) {
        Deque<TypeDefinition> queue = new ArrayDeque<>();
        queue.add(type);
        Set<String> seen = new HashSet<>();
        while (!queue.isEmpty()) {
            TypeDescription t = queue.poll().asErasure();
            if (!seen.add(t.getName())) {
                continue;
            }
            for (MethodDescription d : t.getDeclaredMethods()) {
                if (d.isMethod() && d.getName().equals(ref.methodName()) && parametersMatch(ref, d)) {
                    return d;
                }
            }
            enqueueSupertypes(t, queue);
        }
        return null;
    }

    private static String alternatives(TypeDescription type, String wanted) {
        Set<String> names = new java.util.TreeSet<>();
        for (MethodDescription d : type.getDeclaredMethods()) {
            if (d.isMethod() && !d.isSynthetic()) {
                names.add(d.getName());
            }
        }
        String close = dev.intentguard.agent.config.ConfigLoader.closest(wanted, new ArrayList<>(names));
        if (close != null) {
            return ": did you mean " + type.getName() + "#" + close + "?";
        }
        return names.isEmpty() ? "" : "; it declares " + String.join(", ", names);
    }

    private static String describe(MethodRef ref) {
        return ref.methodName() + (ref.parameterTypes() == null ? "" : "(" + String.join(", ", ref.parameterTypes()) + ")");
    }

    public static String signature(MethodDescription m) {
        StringBuilder s = new StringBuilder(m.getDeclaringType().asErasure().getName()).append('#').append(m.getName()).append('(');
        List<TypeDescription> params = m.getParameters().asTypeList().asErasures();
        for (int i = 0; i < params.size(); i++) {
            s.append(i == 0 ? "" : ", ").append(params.get(i).getSimpleName());
        }
        return s.append(')').toString();
    }

    private static String stringValue(AnnotationDescription a, String property) {
        try {
            return a.getValue(property).resolve(String.class);
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static String[] stringsValue(AnnotationDescription a, String property) {
        try {
            return a.getValue(property).resolve(String[].class);
        } catch (RuntimeException e) {
            return new String[0];
        }
    }
}
