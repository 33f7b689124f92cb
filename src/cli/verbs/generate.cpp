// generate: a procedural two-handed gesture recording, for demos, tests and benchmarks.
#include <iostream>

#include "convert.hpp"
#include "inputanim/analysis/synthetic.hpp"
#include "verbs.hpp"

namespace cli {

Verb addGenerate(CLI::App& app, const Globals& globals) {
    struct Options {
        ia::BinaryOptions binary;
        bool force = false;
        std::string path;
        ia::SyntheticOptions synthetic;
        bool noReduce = false, noMarkers = false;
    };
    auto options = std::make_shared<Options>();
    auto& o = *options;
    CLI::App* generate = app.add_subcommand("generate", "write a synthetic two-handed gesture recording");
    generate->add_option("OUT", o.path, "output file (.bin), or - for standard output")->required();
    addBinaryOptions(*generate, o.binary);
    generate->add_flag("-f,--force", o.force, "overwrite OUT when it exists");
    generate->add_option("--duration", o.synthetic.duration, withDefault("seconds", o.synthetic.duration))
        ->check(finiteWithin(0.1, 36000.0));
    generate->add_option("--rate", o.synthetic.frameRate, withDefault("frames per second", o.synthetic.frameRate))
        ->check(finiteWithin(1.0, 1000.0));
    generate->add_option("--seed", o.synthetic.seed, "random seed (same seed, same bytes)");
    generate->add_flag("--no-reduce", o.noReduce, "keep every frame's key (no MRTK-like key reduction)");
    generate->add_flag("--no-markers", o.noMarkers, "leave markers out");
    generate->footer("Example: inputanim generate gesture.bin --format-version 1.0 --duration 10");
    return {generate,
            [options, &globals] {
                auto& o = *options;
                auto encoding = ia::binaryEncodingFor(ia::kEncoding11Compact, o.binary);
                if (!encoding) return fail(encoding.error());
                const auto kind = isStandardOutput(o.path) ? ia::OutputKind::MrtkBinary : ia::outputKindFor(o.path);
                if (kind != ia::OutputKind::MrtkBinary)
                    return fail(kExitUsage,
                                o.path + ": generate writes the binary format (.bin); convert it to glTF afterwards");
                o.synthetic.encoding = *encoding;
                o.synthetic.reduceKeys = !o.noReduce;
                o.synthetic.markers = !o.noMarkers;
                auto recording = ia::generateRecording(o.synthetic);
                if (!recording) return fail(recording.error());
                if (isStandardOutput(
                        o.path)) {  // already in the encoding asked for: prepareBinary only has its warnings to give
                    ia::BinaryReport prepared;
                    if (auto s = ia::prepareBinary(*recording, o.binary, &prepared); !s) return fail(s.error());
                    printMessages(prepared.messages, o.path, std::cerr, globals.quiet);
                    return writeStandardOutput(
                        [&](const ia::ByteSink& write) { return ia::encodeRecording(*recording, write); }, std::cerr);
                }
                ia::SaveReport report;
                ia::SaveOptions save;
                save.overwrite = overwriteFor(o.force);
                save.binary = o.binary;
                if (auto saved = ia::saveRecording(*recording, o.path, *kind, save, &report); !saved)
                    return fail(saved.error());
                printMessages(report.binary.messages, o.path, std::cerr, globals.quiet);
                if (!globals.quiet)
                    std::cerr << "wrote " << shown(o.path) << ": " << ia::describe(report.binary.encoding) << ", "
                              << report.bytes << " bytes\n";
                return int(kExitSuccess);
            },
            &options->path};
}

}  // namespace cli
