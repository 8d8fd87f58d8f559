// Runs after the consumer's build (maven-invoker-plugin's post-build script): the build compiled
// against the library's API, and this checks what a consumer of the published POM gets.

// 1. No JUnit (org.junit.*, junit:junit) reaches its compile or runtime class path.
def tree = new File(basedir, 'target/dependency-tree.txt')
assert tree.isFile() : "no dependency tree at $tree"
def leaked = tree.readLines().findAll { line ->
    line =~ /\b(org\.junit[\w.]*|junit):[^:\s]+:/ && line =~ /:(compile|runtime)(\s|$)/
}
assert leaked.isEmpty() : "JUnit on the consumer's compile/runtime class path (see $tree):\n" + leaked.join('\n')

// 2. The consumer's dependencies are README's dependency block, verbatim.
def squeeze = { String xml -> xml.replaceAll(/\s+/, '') }
def readmeBlock = (new File(readme).text =~ /(?s)```xml\n(.*?)```/).findAll()
        .collect { it[1] }
        .find { it.contains('<artifactId>spark-laplacian-score</artifactId>') }
assert readmeBlock != null : "README.md has no ```xml block with spark-laplacian-score"
def consumerBlock = (new File(basedir, 'pom.xml').text =~ /(?s)<dependencies>(.*?)<\/dependencies>/)[0][1]
assert squeeze(consumerBlock) == squeeze(readmeBlock) :
        "src/it/consumer/pom.xml's <dependencies> differ from README's block:\n" + readmeBlock

// 3. It compiled against the library.
assert new File(basedir, 'target/classes/example/UsesTheLibrary.class').isFile()

return true
