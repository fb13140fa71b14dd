package dev.intentguard.it.retry;

import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.http.SdkHttpRequest;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.http.nio.netty.NettyNioAsyncHttpClient;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.sns.SnsAsyncClient;
import software.amazon.awssdk.services.sns.SnsClient;
import software.amazon.awssdk.services.sns.model.PublishRequest;

import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletionException;

/**
 * Tools of a payments agent that notify through Amazon SNS and record the refund in DynamoDB with the AWS SDK for Java
 * v2, as applications build their clients: the default retry strategy (standard: 3 attempts), static credentials, the
 * endpoint overridden to the provider on loopback, a path prefix that picks its behaviour ({@link #under}), a read
 * timeout of {@code provider.timeout.ms}. One tool per HTTP client the SDK offers: Apache (the sync default), HttpURLConnection,
 * and Netty for the async client.
 *
 * <p>Compiled by the test that runs it (AwsSdkScenarios), against the SDK version under test: the agent's own test
 * class path holds no service client.
 */
public class AwsTools {
    static final String TOPIC = "arn:aws:sns:us-east-1:123456789012:refunds";
    static final StaticCredentialsProvider CREDENTIALS =
            StaticCredentialsProvider.create(AwsBasicCredentials.create("AKIDEXAMPLE", "not-a-real-secret"));
    static final Duration TIMEOUT = Duration.ofMillis(Integer.getInteger("provider.timeout.ms", 3000));

    static URI endpoint() {
        return URI.create(System.getProperty("provider.url"));
    }

    /**
     * The provider's behaviour is picked by a path prefix, which an endpoint's path does not give every protocol (SNS's
     * query protocol posts to "/"): an interceptor puts it in front of the path, before the SDK signs and sends.
     */
    static ClientOverrideConfiguration under(String base) {
        return ClientOverrideConfiguration.builder().addExecutionInterceptor(new ExecutionInterceptor() {
            @Override
            public SdkHttpRequest modifyHttpRequest(Context.ModifyHttpRequest context, ExecutionAttributes attributes) {
                SdkHttpRequest request = context.httpRequest();
                return request.toBuilder().encodedPath(base + request.encodedPath()).build();
            }
        }).build();
    }

    static PublishRequest refundNotice(String orderId) {
        return PublishRequest.builder().topicArn(TOPIC).message("refund " + orderId).build();
    }

    /** side_effect tool: SNS over Apache HttpClient. */
    public String notifyRefund(String orderId, String base) {
        return publish(orderId, base);
    }

    static String publish(String orderId, String base) {
        try (SnsClient sns = SnsClient.builder().endpointOverride(endpoint())
                .overrideConfiguration(under(base)).region(Region.US_EAST_1)
                .credentialsProvider(CREDENTIALS).httpClientBuilder(ApacheHttpClient.builder().socketTimeout(TIMEOUT))
                .build()) {
            return "{\"id\":\"" + sns.publish(refundNotice(orderId)).messageId() + "\"}";
        }
    }

    /** side_effect tool: SNS over HttpURLConnection. */
    public String notifyRefundUrl(String orderId, String base) {
        try (SnsClient sns = SnsClient.builder().endpointOverride(endpoint())
                .overrideConfiguration(under(base)).region(Region.US_EAST_1)
                .credentialsProvider(CREDENTIALS).httpClientBuilder(UrlConnectionHttpClient.builder().socketTimeout(TIMEOUT))
                .build()) {
            return "{\"id\":\"" + sns.publish(refundNotice(orderId)).messageId() + "\"}";
        }
    }

    /** side_effect tool: the async SNS client over Netty. */
    public String notifyRefundAsync(String orderId, String base) {
        try (SnsAsyncClient sns = SnsAsyncClient.builder().endpointOverride(endpoint())
                .overrideConfiguration(under(base)).region(Region.US_EAST_1)
                .credentialsProvider(CREDENTIALS).httpClientBuilder(NettyNioAsyncHttpClient.builder().readTimeout(TIMEOUT))
                .build()) {
            return "{\"id\":\"" + sns.publish(refundNotice(orderId)).join().messageId() + "\"}";
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException ? (RuntimeException) e.getCause() : e;
        }
    }

    /** side_effect tool: a DynamoDB transaction; the SDK fills in its ClientRequestToken. */
    public String recordRefund(String orderId, String base) {
        return transact(orderId, base);
    }

    static String transact(String orderId, String base) {
        try (DynamoDbClient dynamo = DynamoDbClient.builder().endpointOverride(endpoint())
                .overrideConfiguration(under(base)).region(Region.US_EAST_1)
                .credentialsProvider(CREDENTIALS).httpClientBuilder(ApacheHttpClient.builder().socketTimeout(TIMEOUT))
                .build()) {
            dynamo.transactWriteItems(b -> b.transactItems(TransactWriteItem.builder().put(Put.builder().tableName("refunds")
                    .item(Map.of("order", AttributeValue.fromS(orderId))).build()).build()));
            return "{\"recorded\":\"" + orderId + "\"}";
        }
    }

    /**
     * {@code sync|ORDER|BASE}, {@code url|ORDER|BASE}, {@code async|ORDER|BASE}, {@code record|ORDER|BASE} (the tools);
     * {@code plain-sync|ORDER|BASE}, {@code plain-record|ORDER|BASE} (the same calls outside any tool).
     */
    public static void main(String[] args) {
        AwsTools tools = new AwsTools();
        ScriptedApp.run(args, Map.of(
                "sync", f -> tools.notifyRefund(f[1], f[2]),
                "url", f -> tools.notifyRefundUrl(f[1], f[2]),
                "async", f -> tools.notifyRefundAsync(f[1], f[2]),
                "record", f -> tools.recordRefund(f[1], f[2]),
                "plain-sync", f -> publish(f[1], f[2]),
                "plain-record", f -> transact(f[1], f[2])));
    }
}
