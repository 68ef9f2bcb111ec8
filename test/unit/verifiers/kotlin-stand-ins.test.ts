import assert from 'node:assert/strict';
import { test } from 'node:test';
import { descriptorParameters, parseApiDump, type ApiClass } from '../../helpers/kotlin-api-format.ts';
import { checkStandIns, type StandInCheck } from '../../helpers/kotlin-stand-ins.ts';

// The rules the Pexip SDK stand-ins are held to, each planted once in a small dump pair: the
// library's dump as the SDK's `.api` files write it, the stand-ins' as the validator writes theirs.

const library = `public final class lib/Failure : java/lang/RuntimeException {
	public fun <init> ()V
}

public final class lib/Request {
	public synthetic fun <init> (Ljava/lang/String;Ljava/lang/String;ZILkotlin/jvm/internal/DefaultConstructorMarker;)V
	public final fun component1 ()Ljava/lang/String;
	public final fun component2-BqYgc20 ()Ljava/lang/String;
	public final fun component3 ()Z
	public final fun copy-NVC4iYU (Ljava/lang/String;Ljava/lang/String;Z)Llib/Request;
	public final fun getName ()Ljava/lang/String;
	public static final fun of (Ljava/lang/String;)Llib/Request;
}

public abstract interface class lib/Listener {
	public abstract fun onEvent (Ljava/lang/String;)V
	public abstract fun onError (Ljava/lang/Throwable;)V
}

public abstract interface class lib/Session {
	public abstract fun getName ()Ljava/lang/String;
	public abstract fun leave ()V
	public fun describe ()Ljava/lang/String;
}
`;

const libraryClasses = new Map(parseApiDump(library, 'lib.api').map((apiClass) => [apiClass.name, apiClass]));
const none: StandInCheck = { implementedBySamples: new Set(), partialInterfaces: {} };
const problemsOf = (standIns: string, check: StandInCheck = none) => checkStandIns(parseApiDump(standIns, 'stand-ins.api'), libraryClasses, check).problems;

test('a stand-in with fewer members than the library, each of them the library\'s, passes and is counted', () => {
  const standIns = `public final class lib/Request {
	public final fun getName ()Ljava/lang/String;
	public static final fun of (Ljava/lang/String;)Llib/Request;
}

public abstract interface class lib/Session {
	public abstract fun describe ()Ljava/lang/String;
	public abstract fun getName ()Ljava/lang/String;
	public abstract fun leave ()V
}
`;
  const report = checkStandIns(parseApiDump(standIns, 'stand-ins.api'), libraryClasses, none);
  assert.deepEqual(report.problems, []);
  assert.equal(report.classes, 2);
  assert.equal(report.members, 5);
});

test('a class the library lacks, or of another kind, is named with what the library has', () => {
  const problems = problemsOf(`public final class lib/Requests {
}

public class lib/Failure : java/lang/RuntimeException {
}
`);
  assert.match(problems[0], /stand-in class lib\/Requests is not in the dumps; they have: lib\/Failure, lib\/Request/);
  assert.match(problems[1], /stand-in Failure is "public class" but lib\.api:1 has "public final class"/);
});

test('a constructor the library does not declare is reported with the library\'s constructors', () => {
  const problems = problemsOf(`public final class lib/Failure : java/lang/RuntimeException {
	public fun <init> ()V
	public fun <init> (Ljava/lang/String;)V
}
`);
  assert.deepEqual(problems, ['stand-in Failure.<init>(Ljava/lang/String;)V is not in lib.api; the SDK has: public fun <init> ()V']);
});

test('a data class whose primary constructor differs in order is reported with both parameter lists', () => {
  const problems = problemsOf(`public final class lib/Request {
	public final fun copy (Ljava/lang/String;ZLjava/lang/String;)Llib/Request;
}
`);
  assert.ok(problems.some((problem) => problem.startsWith('stand-in Request.copy(Ljava/lang/String;ZLjava/lang/String;)Llib/Request; is not in lib.api; the SDK has: public final fun copy-NVC4iYU')), problems.join('\n'));
  assert.ok(problems.includes('stand-in data class Request has the primary constructor (Ljava/lang/String;, Z, Ljava/lang/String;), lib.api:10 has (Ljava/lang/String;, Ljava/lang/String;, Z): positional calls and destructuring differ'), problems.join('\n'));
});

test('static against instance, and a body where the library has none, are reported', () => {
  const problems = problemsOf(`public final class lib/Request {
	public final fun of (Ljava/lang/String;)Llib/Request;
}

public abstract interface class lib/Listener {
	public fun onError (Ljava/lang/Throwable;)V
	public abstract fun onEvent (Ljava/lang/String;)V
}
`);
  assert.match(problems[0], /Request\.of\(Ljava\/lang\/String;\)Llib\/Request; is "public final" but lib\.api:12 has "public static final": static and instance calls differ/);
  assert.match(problems[1], /Listener\.onError\(Ljava\/lang\/Throwable;\)V has a body, but lib\.api:17 is abstract/);
});

test('an interface missing an abstract member fails unless listed as partial and not implemented by a sample', () => {
  const partial = `public abstract interface class lib/Listener {
	public abstract fun onEvent (Ljava/lang/String;)V
}
`;
  assert.deepEqual(problemsOf(partial), [
    'stand-in interface Listener lacks 1 abstract member(s) of lib.api:15 (an implementation written against it would compile here and not for a reader): onError(Ljava/lang/Throwable;)V',
  ]);
  const listed = { implementedBySamples: new Set(['Runnable']), partialInterfaces: { 'lib/Listener': 'handed out only' } };
  assert.deepEqual(problemsOf(partial, listed), []);
  assert.match(problemsOf(partial, { ...listed, implementedBySamples: new Set(['Listener']) })[0], /lacks 1 abstract member\(s\) of lib\.api:15 \(a sample implements it\)/);
  const whole = `public abstract interface class lib/Listener {
	public abstract fun onError (Ljava/lang/Throwable;)V
	public abstract fun onEvent (Ljava/lang/String;)V
}
`;
  assert.match(problemsOf(whole, listed)[0], /Listener is listed as partial but declares every abstract member of lib\.api:15: take it off the list/);
  assert.match(problemsOf(whole, { ...listed, partialInterfaces: { ...listed.partialInterfaces, 'lib/Gone': 'x' } })[1], /lib\/Gone is listed as a partial interface but is not a stand-in/);
});

test('the dump reader names the file and line of a line it does not understand, and splits descriptors', () => {
  assert.throws(() => parseApiDump('public final class a/B {\n\tsomething else\n}\n', 'x.api'), /x\.api:2: not a member line/);
  assert.throws(() => parseApiDump('public final class a/B {\n', 'x.api'), /x\.api:1: class a\/B has no closing brace/);
  const [apiClass] = parseApiDump('public final class a/B : a/C, a/D {\n\tpublic static final field Companion La/B$Companion;\n}\n', 'x.api') as [ApiClass];
  assert.deepEqual(apiClass.supertypes, ['a/C', 'a/D']);
  assert.deepEqual(apiClass.members[0], { modifiers: 'public static final', kind: 'field', name: 'Companion', descriptor: 'La/B$Companion;', line: 2 });
  assert.deepEqual(descriptorParameters('(Ljava/lang/String;[IZ[Ljava/lang/Object;J)V'), ['Ljava/lang/String;', '[I', 'Z', '[Ljava/lang/Object;', 'J']);
});
