// PaddlePaddle's Java demo (Paddle-Inference-Demo, java/resnet50/test.java)
// written again from its API calls, with PaddlePaddle's names (setCppModel,
// createPaddlePredictor, getInputNameById, reshape(dimNum, shape), destroyNative*),
// to show that such a program compiles and runs on this Java API unchanged.
// What differs from the original, and why:
//  - the model: tests/data/tiny_resnet224 (an ImageNet-shaped classifier of
//    about 60 KB) instead of ResNet-50; the .pdmodel and .pdiparams paths are
//    the program's two arguments.
//  - the input: the C++ demo's synthetic one (element i is i % 255 * 0.1),
//    which PaddlePaddle's own output was recorded for
//    (tests/data/tiny_resnet224/demo_io.npz); every 100th output is printed
//    ("i : v") so a test can compare the run with PaddlePaddle's.
// Run it as PaddlePaddle's is run, with the JNI library on java.library.path:
//   java -Djava.library.path=build/java -cp <classes> test MODEL.pdmodel MODEL.pdiparams
import com.baidu.paddle.inference.Config;
import com.baidu.paddle.inference.Predictor;
import com.baidu.paddle.inference.Tensor;

public class test {

    static {
        System.loadLibrary("paddle_inference");
    }

    public static void main(String[] args) {
        Config config = new Config();

        config.setCppModel(args[0], args[1]);
        config.enableMKLDNN();
        config.enableMemoryOptim(true);
        config.enableProfile();
        config.setCpuMathLibraryNumThreads(1);
        System.out.println("summary:\n" + config.summary());

        Predictor predictor = Predictor.createPaddlePredictor(config);
        long n = predictor.getInputNum();

        String inNames = predictor.getInputNameById(0);
        Tensor inHandle = predictor.getInputHandle(inNames);

        inHandle.reshape(4, new int[]{1, 3, 224, 224});

        float[] inData = new float[1 * 3 * 224 * 224];
        for (int i = 0; i < inData.length; ++i) inData[i] = (i % 255) * 0.1f;
        inHandle.copyFromCpu(inData);
        predictor.run();

        String outNames = predictor.getOutputNameById(0);
        Tensor outHandle = predictor.getOutputHandle(outNames);
        float[] outData = new float[outHandle.getSize()];
        outHandle.copyToCpu(outData);

        predictor.tryShrinkMemory();
        predictor.clearIntermediateTensor();

        System.out.println("inputs: " + n + ", outputs: " + outData.length);
        for (int i = 0; i < outData.length; i += 100) System.out.println(i + " : " + outData[i]);

        outHandle.destroyNativeTensor();
        inHandle.destroyNativeTensor();
        predictor.destroyNativePredictor();
    }
}
