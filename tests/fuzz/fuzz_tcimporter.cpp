// Feeds arbitrary bytes to the tc importer. Beyond "no crash, no hang, no sanitizer report" it
// checks the importer's promise: whatever imports cleanly exports to a script that imports back
// to the same trees.
#include "tc/tcexporter.h"
#include "tc/tcimporter.h"

#include <QString>

#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 64 * 1024)
        return -1;
    const QString script = QString::fromUtf8(reinterpret_cast<const char *>(data), qsizetype(size));
    const qs::TcImportResult result = qs::TcImporter::import(script);
    for (const qs::TcScriptError &error : result.errors) {
        if (error.line < 1 || error.column < 1 || error.message.isEmpty())
            std::abort(); // every error must point somewhere and say something
    }
    if (!result.ok())
        return 0;
    for (const qs::QdiscTree &tree : result.trees)
        (void)tree.validate();
    const qs::TcImportResult again = qs::TcImporter::import(qs::TcExporter::script(result.trees));
    if (!again.ok() || again.trees.size() != result.trees.size())
        std::abort();
    for (const qs::QdiscTree &tree : result.trees) {
        const qs::QdiscTree *back = again.tree(tree.target());
        if (!back || !(*back == tree))
            std::abort();
    }
    return 0;
}
