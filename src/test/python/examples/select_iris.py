import lapscore
from lapscore.selection import LaplacianScoreSelector
from pyspark.ml.feature import VectorAssembler

spark = lapscore.start()   # a SparkSession with the library's jar
iris = spark.read.csv("data/iris.csv", header=True, inferSchema=True)
data = VectorAssembler(inputCols=iris.columns[:4], outputCol="features").transform(iris)

model = LaplacianScoreSelector(numTopFeatures=2).fit(data)
for feature in model.featureRanking:
    print(iris.columns[feature], model.scores[feature])
